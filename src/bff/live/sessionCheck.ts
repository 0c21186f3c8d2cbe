import type { Kysely } from 'kysely';
import type { Database } from '../platform/database/schema';
import type { SessionPolicy } from '../platform/session/sessions';

/**
 * Whether an open stream's session still holds: not signed out, not past either
 * timeout. It reads without touching the idle clock — an open tab alone must not
 * keep a session alive.
 */
export async function sessionStillLive(
  db: Kysely<Database>,
  tokenHash: string,
  policy: SessionPolicy,
  now: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('session')
    .select(['created_at', 'last_seen_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return false;
  return (
    now < row.created_at + policy.absoluteSeconds * 1000 &&
    now < row.last_seen_at + policy.idleSeconds * 1000
  );
}
