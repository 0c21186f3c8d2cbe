import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { LiveEvent, LiveEventKind } from '../../contract';
import type { Database, LiveEventTable } from '../platform/database/schema';

/** A change to announce; the log gives it its id. */
export interface LiveEventDraft {
  kind: LiveEventKind;
  recordId: string;
  orderId?: string | null;
  status?: string | null;
}

/**
 * Serialises writers of the live-event log across every replica until commit, so ids
 * are handed out without gaps in commit order: a reader that saw id n has seen all
 * before it. SQLite has a single writer already.
 */
export async function lockLiveLog(trx: Transaction<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.live_event'))`.execute(
      trx,
    );
  }
}

/** Appends under the lock taken by `lockLiveLog` in the same transaction. */
export async function appendLiveEvents(
  trx: Transaction<Database>,
  drafts: readonly LiveEventDraft[],
  now: number,
): Promise<LiveEvent[]> {
  if (drafts.length === 0) return [];
  const last = await trx
    .selectFrom('live_event')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  let id = last?.id ?? 0;
  const rows: LiveEventTable[] = drafts.map((d) => ({
    id: ++id,
    kind: d.kind,
    record_id: d.recordId,
    order_id: d.orderId ?? null,
    status: d.status ?? null,
    at: now,
  }));
  await trx.insertInto('live_event').values(rows).execute();
  return rows.map(toLiveEvent);
}

export function toLiveEvent(row: LiveEventTable): LiveEvent {
  return {
    id: String(row.id),
    kind: row.kind as LiveEventKind,
    recordId: row.record_id,
    ...(row.order_id ? { orderId: row.order_id } : {}),
    ...(row.status ? { status: row.status } : {}),
    at: new Date(row.at).toISOString(),
  };
}

/** Events after `afterId`, oldest first, at most `limit`. */
export async function liveEventsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
  kinds?: readonly LiveEventKind[],
): Promise<LiveEvent[]> {
  let query = db
    .selectFrom('live_event')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit);
  if (kinds) {
    if (kinds.length === 0) return [];
    query = query.where('kind', 'in', kinds);
  }
  return (await query.execute()).map(toLiveEvent);
}

/** The first and last ids the log still holds (0 when empty). */
export async function liveLogBounds(
  db: Kysely<Database>,
): Promise<{ first: number; last: number }> {
  const row = await db
    .selectFrom('live_event')
    .select((eb) => [eb.fn.min('id').as('first'), eb.fn.max('id').as('last')])
    .executeTakeFirst();
  return { first: row?.first ?? 0, last: row?.last ?? 0 };
}

/** Drops events older than `before`, always keeping the newest so ids keep counting up. */
export async function pruneLiveEvents(db: Kysely<Database>, before: number): Promise<void> {
  const { last } = await liveLogBounds(db);
  await db.deleteFrom('live_event').where('at', '<', before).where('id', '<', last).execute();
}
