import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';

export interface OrderPatient {
  orderId: string;
  userId: string;
}

/*
 * The patient of each order the BFF has seen in a Lab API answer (an order, a page of
 * orders, a create, an appointment): ids only. It lets an audit row of a call that names
 * only the order (its results, its documents) name the patient without asking the Lab
 * API again. An order's patient never changes, so a pair once seen stays true.
 */

export async function rememberOrderPatients(
  db: Kysely<Database>,
  pairs: readonly OrderPatient[],
  now: number,
): Promise<void> {
  const unique = [...new Map(pairs.map((p) => [p.orderId, p])).values()];
  // Bounded so one statement stays far below the databases' parameter limits.
  for (let at = 0; at < unique.length; at += 300) {
    await db
      .insertInto('order_patient')
      .values(
        unique
          .slice(at, at + 300)
          .map((p) => ({ order_id: p.orderId, user_id: p.userId, seen_at: now })),
      )
      .onConflict((c) =>
        c.column('order_id').doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          seen_at: eb.ref('excluded.seen_at'),
        })),
      )
      .execute();
  }
}

export async function patientOfOrder(
  db: Kysely<Database>,
  orderId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('order_patient')
    .select('user_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}
