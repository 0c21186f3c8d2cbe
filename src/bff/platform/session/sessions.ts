import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sessionEndReasonSchema, type Role, type SessionEndReason } from '../../../contract';
import { prepared, sqliteNow } from '../database/database';
import type { Database } from '../database/schema';

export interface SessionPolicy {
  idleSeconds: number;
  absoluteSeconds: number;
}

export interface ActiveSession {
  tokenHash: string;
  account: { id: string; email: string; name: string; role: Role };
  createdAt: number;
  expiresAt: number;
}

/* The idle clock is refreshed at most this often, so a burst of API calls costs one write. */
const TOUCH_EVERY_MS = 15_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(db: Kysely<Database>, accountId: string, now: number) {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('session')
    .values({
      token_hash: hashToken(token),
      account_id: accountId,
      created_at: now,
      last_seen_at: now,
    })
    .execute();
  return token;
}

/** A session an admin ended: it no longer works, and says why until it would have expired. */
export interface EndedSession {
  ended: SessionEndReason;
}

/**
 * The session for a cookie token; null when unknown, its account not active, or past
 * either timeout (then removed); `{ ended }` when an admin ended it.
 */
export async function resumeSession(
  db: Kysely<Database>,
  token: string,
  policy: SessionPolicy,
  now: number,
): Promise<ActiveSession | EndedSession | null> {
  const tokenHash = hashToken(token);
  const row = await findSession(db, tokenHash);
  if (!row) return null;
  const absoluteEnd = row.created_at + policy.absoluteSeconds * 1000;
  const idleEnd = row.last_seen_at + policy.idleSeconds * 1000;
  if (now >= absoluteEnd || now >= idleEnd) {
    await endSession(db, tokenHash);
    return null;
  }
  const ended = sessionEndReasonSchema.safeParse(row.ended_reason);
  if (ended.success) return { ended: ended.data };
  if (row.status !== 'active') return null;
  if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
    await db
      .updateTable('session')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return {
    tokenHash,
    account: { id: row.id, email: row.email, name: row.name, role: row.role },
    createdAt: row.created_at,
    expiresAt: absoluteEnd,
  };
}

interface SessionRow {
  created_at: number;
  last_seen_at: number;
  ended_reason: string | null;
  status: string;
  id: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * A session and its account. Read on every API call, so on SQLite it is one prepared
 * statement run synchronously when the connection is free (`sqliteNow`).
 */
async function findSession(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<SessionRow | undefined> {
  const sqlite = sqliteNow(db);
  if (sqlite) {
    return prepared<[string], SessionRow>(
      sqlite,
      `SELECT session.created_at, session.last_seen_at, session.ended_reason,
         console_account.status, console_account.id, console_account.email,
         console_account.name, console_account.role
       FROM session JOIN console_account ON console_account.id = session.account_id
       WHERE session.token_hash = ?`,
    ).get(tokenHash);
  }
  return db
    .selectFrom('session')
    .innerJoin('console_account', 'console_account.id', 'session.account_id')
    .select([
      'session.created_at',
      'session.last_seen_at',
      'session.ended_reason',
      'console_account.status',
      'console_account.id',
      'console_account.email',
      'console_account.name',
      'console_account.role',
    ])
    .where('session.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function endSession(db: Kysely<Database>, tokenHash: string) {
  await db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
}

/**
 * Ends every live session of an account, keeping why: its next call is answered 401 with
 * the reason, so an open page clears what it shows and says why. Runs in the caller's
 * transaction when given one.
 */
export async function endSessionsOf(
  db: Kysely<Database>,
  accountId: string,
  reason: SessionEndReason,
): Promise<number> {
  const result = await db
    .updateTable('session')
    .set({ ended_reason: reason })
    .where('account_id', '=', accountId)
    .where('ended_reason', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
