import type { SandboxDb } from './database';

/** Keys are kept this long; an older key is pruned and its reuse is a new request (docs/lab-api-facts.md §13). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;

export type Claim =
  { kind: 'claimed' } | { kind: 'running' } | { kind: 'stored'; statusCode: number; body: unknown };

/**
 * Claims a key for a first request, or says what is already there. The primary key makes
 * the claim atomic: of two concurrent requests with one key, exactly one inserts.
 */
export async function claimKey(
  db: SandboxDb,
  teamId: string,
  key: string,
  now: Date,
): Promise<Claim> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
  await db.deleteFrom('idempotency_key').where('created_at', '<', cutoff).execute();
  const inserted = await db
    .insertInto('idempotency_key')
    .values({
      team_id: teamId,
      key,
      state: 'running',
      status_code: null,
      body: null,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'claimed' };
  const row = await db
    .selectFrom('idempotency_key')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row || row.state === 'running' || row.status_code === null || row.body === null) {
    return { kind: 'running' };
  }
  return { kind: 'stored', statusCode: row.status_code, body: JSON.parse(row.body) as unknown };
}

export async function storeAnswer(
  db: SandboxDb,
  teamId: string,
  key: string,
  statusCode: number,
  body: unknown,
): Promise<void> {
  await db
    .updateTable('idempotency_key')
    .set({ state: 'done', status_code: statusCode, body: JSON.stringify(body) })
    .where('team_id', '=', teamId)
    .where('key', '=', key)
    .execute();
}

/** Forgets a claim: after a validation failure, a no-cache failure, or a crash. */
export async function releaseKey(db: SandboxDb, teamId: string, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_key')
    .where('team_id', '=', teamId)
    .where('key', '=', key)
    .execute();
}
