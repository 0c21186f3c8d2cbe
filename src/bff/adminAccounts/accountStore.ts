import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import {
  INVITATION_VALID_HOURS,
  type AccountChange,
  type AdminAccount,
  type NewAccount,
  type SessionEndReason,
} from '../../contract';
import { hashPassword } from '../platform/accounts/passwords';
import { endSessionsOf } from '../platform/session/sessions';
import type { Database } from '../platform/database/schema';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

type AccountRow = {
  id: string;
  email: string;
  name: string;
  role: AdminAccount['role'];
  status: AdminAccount['status'];
  oidc_subject: string | null;
  created_at: number;
  last_sign_in_at: number | null;
};

const toAdminAccount = (row: AccountRow, sessions: number): AdminAccount => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  status: row.status,
  source: row.oidc_subject ? 'sso' : 'password',
  created_at: new Date(row.created_at).toISOString(),
  sessions,
  last_sign_in_at:
    row.last_sign_in_at === null ? null : new Date(row.last_sign_in_at).toISOString(),
});

const ACCOUNT_COLUMNS = [
  'id',
  'email',
  'name',
  'role',
  'status',
  'oidc_subject',
  'created_at',
  'last_sign_in_at',
] as const;

/** Every account with its sessions still within the idle timeout (`liveSince`). */
export async function listAdminAccounts(
  db: Kysely<Database>,
  liveSince: number,
): Promise<AdminAccount[]> {
  const rows = await db
    .selectFrom('console_account')
    .select(ACCOUNT_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('session')
        .select(eb.fn.countAll<string | number>().as('n'))
        .whereRef('session.account_id', '=', 'console_account.id')
        .where('session.last_seen_at', '>', liveSince)
        .where('session.ended_reason', 'is', null)
        .as('sessions'),
    )
    .orderBy('email')
    .execute();
  return rows.map((row) => toAdminAccount(row, Number(row.sessions ?? 0)));
}

export async function findAdminAccount(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('console_account')
    .select(ACCOUNT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toAdminAccount(row, 0) : null;
}

/** A new account without a password: it becomes active when its invitation is accepted. */
export async function createInvitedAccount(
  db: Kysely<Database>,
  account: NewAccount,
  now: number,
): Promise<AdminAccount | null> {
  const row: AccountRow = {
    id: randomUUID(),
    email: account.email.toLowerCase(),
    name: account.name,
    role: account.role,
    status: 'invited',
    oidc_subject: null,
    created_at: now,
    last_sign_in_at: null,
  };
  const inserted = await db
    .insertInto('console_account')
    .values({ ...row, password_hash: '' })
    .onConflict((c) => c.column('email').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? toAdminAccount(row, 0) : null;
}

/**
 * A one-time link to set the account's password, replacing any earlier one. The token
 * leaves here once; only its hash is kept.
 */
export async function issuePasswordLink(
  db: Kysely<Database>,
  accountId: string,
  purpose: 'invitation' | 'reset',
  now: number,
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + INVITATION_VALID_HOURS * 3600 * 1000;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_link').where('account_id', '=', accountId).execute();
    await trx
      .insertInto('password_link')
      .values({
        token_hash: hashToken(token),
        account_id: accountId,
        purpose,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
  });
  return { token, expiresAt };
}

export type ChangeRefusal = 'not-found' | 'last-admin' | 'own-admin' | 'sso-role';

/**
 * Changes an account's role or status. Refused: taking the admin role (or access) from
 * the last active admin, an admin taking it from themselves, and changing the role of a
 * single sign-on account (its identity provider gives the role at each sign-in).
 * Disabling ends the account's sessions at once.
 */
export async function changeAccount(
  db: Kysely<Database>,
  actorId: string,
  id: string,
  change: AccountChange,
): Promise<
  | {
      ok: true;
      account: AdminAccount;
      /** Each field that changed, before and after, for the audit row. */
      changes: Record<string, { before: string | null; after: string | null }>;
      /** Why the account's sessions were ended, when they were. */
      endedSessions: SessionEndReason | null;
    }
  | { ok: false; refusal: ChangeRefusal }
> {
  return db.transaction().execute(async (trx) => {
    const target = await lockAdmins(trx).then(() =>
      trx
        .selectFrom('console_account')
        .select(ACCOUNT_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst(),
    );
    if (!target) return { ok: false, refusal: 'not-found' };
    if (change.role !== undefined && change.role !== target.role && target.oidc_subject) {
      return { ok: false, refusal: 'sso-role' };
    }
    const losesAdmin =
      target.role === 'admin' &&
      target.status === 'active' &&
      ((change.role !== undefined && change.role !== 'admin') || change.status === 'disabled');
    if (losesAdmin && target.id === actorId) return { ok: false, refusal: 'own-admin' };
    if (losesAdmin) {
      const others = await trx
        .selectFrom('console_account')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('role', '=', 'admin')
        .where('status', '=', 'active')
        .where('id', '!=', id)
        .executeTakeFirstOrThrow();
      if (Number(others.n) === 0) return { ok: false, refusal: 'last-admin' };
    }
    // An invited account stays invited until its link is used; only disabling moves it.
    const status =
      change.status === 'disabled'
        ? 'disabled'
        : change.status === 'active' && target.status === 'disabled'
          ? await reactivatedStatus(trx, id)
          : target.status;
    const role = change.role ?? target.role;
    const name = change.name ?? target.name;
    await trx
      .updateTable('console_account')
      .set({ role, status, name })
      .where('id', '=', id)
      .execute();
    // A disabled account, or one whose role changed, is signed out everywhere at once: a
    // page opened under the old role must not keep showing what that role could see.
    const endedSessions =
      status === 'disabled' && target.status !== 'disabled'
        ? ('account-disabled' as const)
        : role !== target.role
          ? ('role-changed' as const)
          : null;
    if (endedSessions) await endSessionsOf(trx, id, endedSessions);
    if (status === 'disabled') {
      await trx.deleteFrom('password_link').where('account_id', '=', id).execute();
    }
    const changes: Record<string, { before: string; after: string }> = {};
    for (const [field, before, after] of [
      ['role', target.role, role],
      ['status', target.status, status],
      ['name', target.name, name],
    ] as const) {
      if (before !== after) changes[field] = { before, after };
    }
    return {
      ok: true,
      account: toAdminAccount({ ...target, role, status, name }, 0),
      changes,
      endedSessions,
    };
  });
}

/* A re-enabled account without a password is still waiting for one. */
async function reactivatedStatus(trx: Transaction<Database>, id: string) {
  const row = await trx
    .selectFrom('console_account')
    .select(['password_hash', 'oidc_subject'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.password_hash === '' && !row.oidc_subject ? 'invited' : 'active';
}

/*
 * Two admins demoting each other at once must not both succeed: on PostgreSQL the admin
 * rows are locked for the transaction; SQLite runs one writing transaction at a time.
 */
async function lockAdmins(trx: Transaction<Database>) {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`SELECT id FROM console_account WHERE role = 'admin' FOR UPDATE`.execute(trx);
}

/**
 * Removes the password (the old one stops working at once), ends every session and
 * issues a link to set a new one. Single sign-on accounts have no password to reset.
 */
export async function resetPassword(db: Kysely<Database>, id: string, now: number) {
  const account = await findAdminAccount(db, id);
  if (!account) return { ok: false as const, refusal: 'not-found' as const };
  if (account.source === 'sso') return { ok: false as const, refusal: 'sso' as const };
  if (account.status === 'disabled') return { ok: false as const, refusal: 'disabled' as const };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('console_account')
      .set({ password_hash: '' })
      .where('id', '=', id)
      .execute();
    await endSessionsOf(trx, id, 'password-reset');
  });
  const purpose = account.status === 'invited' ? 'invitation' : 'reset';
  const link = await issuePasswordLink(db, id, purpose, now);
  return { ok: true as const, account, ...link };
}

export async function endAccountSessions(db: Kysely<Database>, id: string): Promise<number> {
  return endSessionsOf(db, id, 'sessions-ended');
}

/**
 * Uses a link: sets the password, activates an invited account and forgets the link.
 * Null when the link is unknown, expired or its account disabled.
 */
export async function acceptPasswordLink(
  db: Kysely<Database>,
  token: string,
  password: string,
  now: number,
) {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom('password_link')
      .innerJoin('console_account', 'console_account.id', 'password_link.account_id')
      .select([
        'password_link.token_hash',
        'password_link.expires_at',
        'console_account.id',
        'console_account.email',
        'console_account.role',
        'console_account.status',
      ])
      .where('password_link.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!link) return null;
    // Used or not, an expired link is removed when it is tried.
    await trx.deleteFrom('password_link').where('token_hash', '=', link.token_hash).execute();
    if (link.expires_at <= now || link.status === 'disabled') return null;
    await trx
      .updateTable('console_account')
      .set({ password_hash: passwordHash, status: 'active' })
      .where('id', '=', link.id)
      .execute();
    return { id: link.id, email: link.email, role: link.role };
  });
}
