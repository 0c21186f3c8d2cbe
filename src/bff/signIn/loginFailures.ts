import type { Kysely } from 'kysely';
import type { Database } from '../platform/database/schema';

/** Failed sign-ins allowed per address per window; the next try is refused with 429. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_MS = 60_000;

/**
 * Failed sign-ins allowed per account (the e-mail tried) per hour, from any address.
 * Past it the account is locked for a short while after each failure: guessing is
 * slowed to one try per lockout, and whoever knows the password waits minutes, not
 * an hour, however many addresses an attacker uses.
 */
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ACCOUNT_WINDOW_MS = 3_600_000;
export const ACCOUNT_LOCKOUT_MS = 5 * 60_000;

/* Kept in the database, not in memory, so every replica behind a load balancer agrees. */

/** Milliseconds until the address may try again; 0 when it may now. */
export async function addressThrottledFor(db: Kysely<Database>, address: string, now: number) {
  const recent = await db
    .selectFrom('login_failure')
    .select('at')
    .where('address', '=', address)
    .where('at', '>', now - LOGIN_WINDOW_MS)
    .orderBy('at', 'desc')
    .limit(LOGIN_FAILURE_LIMIT)
    .execute();
  const oldest = recent[LOGIN_FAILURE_LIMIT - 1];
  return oldest ? oldest.at + LOGIN_WINDOW_MS - now : 0;
}

export async function isThrottled(db: Kysely<Database>, address: string, now: number) {
  return (await addressThrottledFor(db, address, now)) > 0;
}

/** Milliseconds until the account may be tried again; 0 when it may now. */
export async function accountLockedFor(db: Kysely<Database>, email: string, now: number) {
  const recent = await db
    .selectFrom('account_login_failure')
    .select('at')
    .where('email', '=', email.toLowerCase())
    .where('at', '>', now - ACCOUNT_WINDOW_MS)
    .orderBy('at', 'desc')
    .limit(ACCOUNT_FAILURE_LIMIT)
    .execute();
  const latest = recent[0];
  if (recent.length < ACCOUNT_FAILURE_LIMIT || !latest) return 0;
  return Math.max(0, latest.at + ACCOUNT_LOCKOUT_MS - now);
}

export async function recordLoginFailure(
  db: Kysely<Database>,
  attempt: { address: string; email: string | null },
  now: number,
) {
  await db.insertInto('login_failure').values({ address: attempt.address, at: now }).execute();
  // Old rows are useless after the window; prune the address's own history as we go.
  await db
    .deleteFrom('login_failure')
    .where('address', '=', attempt.address)
    .where('at', '<=', now - LOGIN_WINDOW_MS)
    .execute();
  if (attempt.email === null) return;
  const email = attempt.email.toLowerCase();
  await db.insertInto('account_login_failure').values({ email, at: now }).execute();
  await db
    .deleteFrom('account_login_failure')
    .where('email', '=', email)
    .where('at', '<=', now - ACCOUNT_WINDOW_MS)
    .execute();
}

/** A successful sign-in ends the account's count: its owner is back. */
export async function clearAccountFailures(db: Kysely<Database>, email: string) {
  await db.deleteFrom('account_login_failure').where('email', '=', email.toLowerCase()).execute();
}
