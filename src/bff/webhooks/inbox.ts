import type { Insertable, Kysely, Selectable } from 'kysely';
import { WEBHOOK_INBOX_STATES, liveEventKindOf, type WebhookInbox } from '../../contract';
import type { Database, WebhookInboxTable } from '../platform/database/schema';
import type { RecordChange } from '../platform/liveChanges/recordChanges';
import type { InboxFields } from './envelopeFields';

export type InboxRow = Selectable<WebhookInboxTable>;

interface PendingDelivery {
  row: Insertable<WebhookInboxTable>;
  done: (stored: boolean) => void;
  fail: (error: unknown) => void;
}

/**
 * Stores each delivery once: a redelivery (same svix-id) finds the row and changes
 * nothing, and `store` resolves false. Group commit: deliveries that arrive in the same
 * turn of the event loop go in one INSERT, one round trip and one commit for all. Each
 * sender still gets its answer only once its delivery is committed.
 */
export class InboxWriter {
  private pending: PendingDelivery[] = [];

  constructor(private readonly db: Kysely<Database>) {}

  store(
    svixId: string,
    fields: InboxFields,
    state: 'pending' | 'ignored' | 'failed',
    now: number,
    error: string | null = null,
  ): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push({
        row: inboxRow(svixId, fields, state, now, error),
        done: resolve,
        fail: reject,
      });
    });
  }

  private async flush() {
    // Bounded so one statement stays far below the databases' parameter limits.
    const batch = this.pending.splice(0, 500);
    if (this.pending.length > 0) setImmediate(() => void this.flush());
    try {
      const inserted = await this.db
        .insertInto('webhook_inbox')
        .values(batch.map((p) => p.row))
        .onConflict((oc) => oc.column('svix_id').doNothing())
        .returning('svix_id')
        .execute();
      const fresh = new Set(inserted.map((r) => r.svix_id));
      // A redelivery in the same batch as its first delivery is the duplicate.
      for (const p of batch) p.done(fresh.delete(p.row.svix_id));
    } catch (error) {
      for (const p of batch) p.fail(error);
    }
  }
}

function inboxRow(
  svixId: string,
  fields: InboxFields,
  state: 'pending' | 'ignored' | 'failed',
  now: number,
  error: string | null,
): Insertable<WebhookInboxTable> {
  return {
    svix_id: svixId,
    ...fields,
    received_at: now,
    state,
    attempts: 0,
    next_attempt_at: now,
    last_error: error,
    processed_at: state === 'pending' ? null : now,
  };
}

/** The change a stored delivery announces, or null when it names no record. */
export function changeOf(row: InboxRow): RecordChange | null {
  const kind = liveEventKindOf(row.event_type);
  if (!kind || !row.record_id) return null;
  return {
    kind,
    recordId: row.record_id,
    orderId: row.order_id,
    status: row.status,
    occurredAt: row.occurred_at,
  };
}

export async function inboxOverview(
  db: Kysely<Database>,
  options: { state?: (typeof WEBHOOK_INBOX_STATES)[number]; limit: number },
): Promise<Omit<WebhookInbox, 'reconciledThrough'>> {
  const grouped = await db
    .selectFrom('webhook_inbox')
    .select((eb) => ['state', eb.fn.countAll<number>().as('count')])
    .groupBy('state')
    .execute();
  const counts = Object.fromEntries(WEBHOOK_INBOX_STATES.map((s) => [s, 0])) as Record<
    (typeof WEBHOOK_INBOX_STATES)[number],
    number
  >;
  for (const g of grouped) counts[g.state] = g.count;

  let query = db.selectFrom('webhook_inbox').selectAll().orderBy('received_at', 'desc');
  if (options.state) query = query.where('state', '=', options.state);
  const rows = await query.limit(options.limit).execute();
  return {
    counts,
    messages: rows.map((r) => ({
      svixId: r.svix_id,
      eventType: r.event_type,
      recordId: r.record_id,
      state: r.state,
      attempts: r.attempts,
      lastError: r.last_error,
      receivedAt: new Date(r.received_at).toISOString(),
      processedAt: r.processed_at === null ? null : new Date(r.processed_at).toISOString(),
    })),
  };
}

/** Processed deliveries are kept past the provider's whole retry schedule (about 28 h). */
export async function pruneInbox(db: Kysely<Database>, before: number): Promise<void> {
  await db
    .deleteFrom('webhook_inbox')
    .where('state', 'in', ['processed', 'ignored'])
    .where('received_at', '<', before)
    .execute();
}
