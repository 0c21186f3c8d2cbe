import type { Kysely } from 'kysely';
import type { Database } from '../platform/database/schema';

export interface NewAcknowledgement {
  orderId: string;
  version: string;
  accountId: string;
  accountEmail: string;
  note: string | null;
  at: number;
}

export interface StoredAcknowledgement {
  orderId: string;
  version: string;
  accountEmail: string;
  note: string | null;
  at: number;
}

/** Records acknowledgements; one already recorded for the same version stays as it is. */
export async function recordAcknowledgements(
  db: Kysely<Database>,
  acks: readonly NewAcknowledgement[],
): Promise<void> {
  if (acks.length === 0) return;
  await db
    .insertInto('result_acknowledgement')
    .values(
      acks.map((a) => ({
        order_id: a.orderId,
        version: a.version,
        account_id: a.accountId,
        account_email: a.accountEmail,
        note: a.note,
        acknowledged_at: a.at,
      })),
    )
    .onConflict((conflict) => conflict.columns(['order_id', 'version']).doNothing())
    .execute();
}

/** Every acknowledgement of these orders, oldest first: whoever in the team made it. */
export async function acknowledgementsOf(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<StoredAcknowledgement[]> {
  if (orderIds.length === 0) return [];
  const rows = [];
  // Chunks keep the IN list under SQLite's bound-parameter limit.
  for (let start = 0; start < orderIds.length; start += 500) {
    rows.push(
      ...(await db
        .selectFrom('result_acknowledgement')
        .select(['order_id', 'version', 'account_email', 'note', 'acknowledged_at'])
        .where('order_id', 'in', orderIds.slice(start, start + 500))
        .execute()),
    );
  }
  return rows
    .map((r) => ({
      orderId: r.order_id,
      version: r.version,
      accountEmail: r.account_email,
      note: r.note,
      at: r.acknowledged_at,
    }))
    .sort((a, b) => a.at - b.at);
}
