import type { Kysely } from 'kysely';
import type { Database } from '../platform/database/schema';

/**
 * How long the BFF remembers which request a key was first used for. The Lab API keeps
 * its keys at least 24 h; the key it sees also depends on the request (see
 * `idempotency.ts`), so a key reused after this for another request never replays.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

export type KeyClaim =
  | { kind: 'claimed' }
  /** The account used this key for another request. */
  | { kind: 'mismatch' }
  | { kind: 'running'; claimedAt: number }
  | { kind: 'done' };

/**
 * Claims an account's key for a request, or says what the key is already doing. The
 * primary key makes the claim atomic across replicas: of concurrent claims, one inserts.
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  claim: { accountId: string; keyHash: string; fingerprint: string },
  now: number,
): Promise<KeyClaim> {
  await db.deleteFrom('idempotency_key').where('expires_at', '<=', now).execute();
  const inserted = await db
    .insertInto('idempotency_key')
    .values({
      account_id: claim.accountId,
      key_hash: claim.keyHash,
      fingerprint: claim.fingerprint,
      state: 'running',
      claimed_at: now,
      expires_at: now + IDEMPOTENCY_KEY_TTL_MS,
    })
    .onConflict((c) => c.columns(['account_id', 'key_hash']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'claimed' };
  const row = await db
    .selectFrom('idempotency_key')
    .select(['fingerprint', 'state', 'claimed_at'])
    .where('account_id', '=', claim.accountId)
    .where('key_hash', '=', claim.keyHash)
    .executeTakeFirst();
  // Pruned between the two statements: it expired, so this is a first use again.
  if (!row) return claimIdempotencyKey(db, claim, now);
  if (row.fingerprint !== claim.fingerprint) return { kind: 'mismatch' };
  return row.state === 'done' ? { kind: 'done' } : { kind: 'running', claimedAt: row.claimed_at };
}

/** The first request with the key has its answer from the Lab API. */
export async function settleIdempotencyKey(
  db: Kysely<Database>,
  claim: { accountId: string; keyHash: string },
) {
  await db
    .updateTable('idempotency_key')
    .set({ state: 'done' })
    .where('account_id', '=', claim.accountId)
    .where('key_hash', '=', claim.keyHash)
    .execute();
}

/** A secret made by a migration, the same for every replica sharing the store. */
export async function readServerSecret(db: Kysely<Database>, name: string): Promise<string> {
  const row = await db
    .selectFrom('server_secret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
