import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '../../../contract';
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

/** The session for a cookie token, or null when unknown or past either timeout (then removed). */
export async function resumeSession(
  db: Kysely<Database>,
  token: string,
  policy: SessionPolicy,
  now: number,
): Promise<ActiveSession | null> {
  const tokenHash = hashToken(token);
  const row = await findSession(db, tokenHash);
  if (!row) return null;
  const absoluteEnd = row.created_at + policy.absoluteSeconds * 1000;
  const idleEnd = row.last_seen_at + policy.idleSeconds * 1000;
  if (now >= absoluteEnd || now >= idleEnd) {
    await endSession(db, tokenHash);
    return null;
  }
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
      `SELECT session.created_at, session.last_seen_at, console_account.id,
         console_account.email, console_account.name, console_account.role
       FROM session JOIN console_account ON console_account.id = session.account_id
       WHERE session.token_hash = ? AND console_account.status = 'active'`,
    ).get(tokenHash);
  }
  return (
    db
      .selectFrom('session')
      .innerJoin('console_account', 'console_account.id', 'session.account_id')
      .select([
        'session.created_at',
        'session.last_seen_at',
        'console_account.id',
        'console_account.email',
        'console_account.name',
        'console_account.role',
      ])
      .where('session.token_hash', '=', tokenHash)
      // A disabled account's sessions are removed when it is disabled; this is the backstop.
      .where('console_account.status', '=', 'active')
      .executeTakeFirst()
  );
}

export async function endSession(db: Kysely<Database>, tokenHash: string) {
  await db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
}
