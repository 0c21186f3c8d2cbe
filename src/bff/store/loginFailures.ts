import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Failed sign-ins allowed per address per window; the next try is refused with 429. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_MS = 60_000;

/* Kept in the database, not in memory, so every replica behind a load balancer agrees. */

export async function isThrottled(db: Kysely<Database>, address: string, now: number) {
  const row = await db
    .selectFrom('login_failure')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('address', '=', address)
    .where('at', '>', now - LOGIN_WINDOW_MS)
    .executeTakeFirstOrThrow();
  return Number(row.n) >= LOGIN_FAILURE_LIMIT;
}

export async function recordLoginFailure(db: Kysely<Database>, address: string, now: number) {
  await db.insertInto('login_failure').values({ address, at: now }).execute();
  // Old rows are useless after the window; prune the address's own history as we go.
  await db
    .deleteFrom('login_failure')
    .where('address', '=', address)
    .where('at', '<=', now - LOGIN_WINDOW_MS)
    .execute();
}
