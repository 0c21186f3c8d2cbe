import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ConsoleAccount, Role } from '../../../contract';
import { hashPassword } from './passwords';
import type { Database } from '../database/schema';

export interface NewAccount {
  email: string;
  name: string;
  role: Role;
  password: string;
}

export async function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('console_account')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Creates the account unless one with that e-mail exists; the existing one is left unchanged. */
export async function ensureAccount(db: Kysely<Database>, account: NewAccount): Promise<void> {
  if (await findAccountByEmail(db, account.email)) return;
  await db
    .insertInto('console_account')
    .values({
      id: randomUUID(),
      email: account.email.toLowerCase(),
      name: account.name,
      role: account.role,
      password_hash: await hashPassword(account.password),
      created_at: Date.now(),
    })
    .onConflict((c) => c.column('email').doNothing())
    .execute();
}

export function toPublicAccount(row: {
  id: string;
  email: string;
  name: string;
  role: Role;
}): ConsoleAccount {
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export async function removeAccounts(db: Kysely<Database>, emails: readonly string[]) {
  if (emails.length === 0) return;
  await db.deleteFrom('console_account').where('email', 'in', emails).execute();
}

/**
 * The break-glass admin (`CONSOLE_ADMIN_EMAIL`/`CONSOLE_ADMIN_PASSWORD`): whoever holds the
 * environment holds this account. Each start makes it an active admin with that password,
 * so it opens the console when single sign-on or every other admin is unavailable.
 */
export async function ensureBreakGlassAdmin(
  db: Kysely<Database>,
  admin: { email: string; password: string },
) {
  await ensureAccount(db, { ...admin, name: 'Administrator', role: 'admin' });
  await db
    .updateTable('console_account')
    .set({ role: 'admin', status: 'active', password_hash: await hashPassword(admin.password) })
    .where('email', '=', admin.email.toLowerCase())
    .execute();
}

/** Kept for the admin's accounts list: when each account last signed in. */
export async function recordSignIn(db: Kysely<Database>, accountId: string, now: number) {
  await db
    .updateTable('console_account')
    .set({ last_sign_in_at: now })
    .where('id', '=', accountId)
    .execute();
}
