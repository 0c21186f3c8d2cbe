import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuditEventTable, Database } from '../database/schema';

/** The `prev_hash` of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields a row's hash covers: everything it says, its place, and the row before it. */
export type ChainedFields = Omit<AuditEventTable, 'hash'>;

/** The fields migration 013 added: absent (undefined) on rows read by older code paths. */
type LaterFields = 'patient_id' | 'client_address' | 'detail';

/**
 * SHA-256 over a canonical encoding: a JSON array in a fixed field order, so the same row
 * hashes the same on SQLite and PostgreSQL and no field can be moved into another.
 * (PostgreSQL's int8 columns read as numbers: the store sets that parser.) The fields
 * added later are appended only when one is set, so every row written before them keeps
 * its hash; setting or clearing one afterwards changes the encoding, and the hash no
 * longer matches.
 */
export function hashAuditRow(
  row: Omit<ChainedFields, LaterFields> & Partial<Pick<ChainedFields, LaterFields>>,
): string {
  const later = [row.patient_id ?? null, row.client_address ?? null, row.detail ?? null];
  const canonical = JSON.stringify([
    row.prev_hash,
    row.id,
    row.at,
    row.account_id,
    row.account_email,
    row.role,
    row.action,
    row.record_type,
    row.record_id,
    row.outcome,
    row.request_id,
    ...(later.some((value) => value !== null) ? later : []),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export type ChainVerdict =
  | { ok: true; rows: number; head: string }
  | { ok: false; rows: number; brokenId: number; reason: string };

const PAGE = 1000;

/**
 * Walks the trail in id order and recomputes every hash. The first row whose hash, link
 * or link does not add up is named: it, or the row before it, was changed, removed or
 * forged. Removing rows from the end leaves a shorter valid chain, so keep the printed
 * head and count somewhere else to compare with later.
 */
export async function verifyAuditChain(db: Kysely<Database>): Promise<ChainVerdict> {
  let prev = GENESIS_HASH;
  // Ids may skip (a failed insert spends one); the links, not the ids, give the order.
  let lastId = 0;
  let rows = 0;
  for (;;) {
    const page = await db
      .selectFrom('audit_event')
      .selectAll()
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of page) {
      const id = row.id;
      const broken = (reason: string): ChainVerdict => ({ ok: false, rows, brokenId: id, reason });
      if (row.prev_hash !== prev) return broken('does not link to the row before it');
      if (row.hash !== hashAuditRow({ ...row, id, prev_hash: prev })) {
        return broken('its content does not match its hash');
      }
      prev = row.hash;
      lastId = id;
      rows += 1;
    }
    if (page.length < PAGE) return { ok: true, rows, head: prev };
  }
}
