import { sessionEndReasonSchema, type SessionEndReason } from '../../contract';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/database/schema';
import type { SessionPolicy } from '../platform/session/sessions';

/**
 * Whether an open stream's session still holds: true while not signed out and within
 * both timeouts; the reason when an admin ended it; false otherwise. It reads without
 * touching the idle clock — an open tab alone must not keep a session alive.
 */
export async function sessionStillLive(
  db: Kysely<Database>,
  tokenHash: string,
  policy: SessionPolicy,
  now: number,
): Promise<boolean | SessionEndReason> {
  const row = await db
    .selectFrom('session')
    .select(['created_at', 'last_seen_at', 'ended_reason'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return false;
  // Ended by an admin (on another replica, or before this one heard): the stream says why.
  const ended = sessionEndReasonSchema.safeParse(row.ended_reason);
  if (ended.success) return ended.data;
  if (row.ended_reason !== null) return false;
  return (
    now < row.created_at + policy.absoluteSeconds * 1000 &&
    now < row.last_seen_at + policy.idleSeconds * 1000
  );
}
