import type { Kysely } from 'kysely';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '../../contract/notifications';
import type { Role } from '../../contract';
import type { Database, NotificationPreferenceTable } from '../platform/database/schema';

export interface NotifiableAccount {
  id: string;
  email: string;
  name: string;
  role: Role;
  preferences: NotificationPreferences;
}

function fromRow(row: Omit<NotificationPreferenceTable, 'account_id' | 'updated_at'> | null) {
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  return {
    critical_results: row.critical_results === 1,
    daily_digest: row.daily_digest === 1,
    overdue_orders: row.overdue_orders === 1,
    parsing_review: row.parsing_review === 1,
    digest_only: row.digest_only === 1,
    physician_npi: row.physician_npi,
  };
}

export async function preferencesOf(
  db: Kysely<Database>,
  accountId: string,
): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notification_preference')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return fromRow(row ?? null);
}

export async function savePreferences(
  db: Kysely<Database>,
  accountId: string,
  p: NotificationPreferences,
  now: number,
): Promise<void> {
  const values = {
    critical_results: p.critical_results ? 1 : 0,
    daily_digest: p.daily_digest ? 1 : 0,
    overdue_orders: p.overdue_orders ? 1 : 0,
    parsing_review: p.parsing_review ? 1 : 0,
    digest_only: p.digest_only ? 1 : 0,
    physician_npi: p.physician_npi,
    updated_at: now,
  };
  await db
    .insertInto('notification_preference')
    .values({ account_id: accountId, ...values })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute();
}

/** Active accounts of these roles with their preferences (the defaults where none are saved). */
export async function notifiableAccounts(
  db: Kysely<Database>,
  roles: readonly Role[],
): Promise<NotifiableAccount[]> {
  const rows = await db
    .selectFrom('console_account as a')
    .leftJoin('notification_preference as p', 'p.account_id', 'a.id')
    .select([
      'a.id',
      'a.email',
      'a.name',
      'a.role',
      'p.critical_results',
      'p.daily_digest',
      'p.overdue_orders',
      'p.parsing_review',
      'p.digest_only',
      'p.physician_npi',
    ])
    .where('a.status', '=', 'active')
    .where('a.role', 'in', [...roles])
    .orderBy('a.email')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    preferences: fromRow(
      r.critical_results === null
        ? null
        : {
            critical_results: r.critical_results,
            daily_digest: r.daily_digest ?? 1,
            overdue_orders: r.overdue_orders ?? 1,
            parsing_review: r.parsing_review ?? 1,
            digest_only: r.digest_only ?? 0,
            physician_npi: r.physician_npi,
          },
    ),
  }));
}

/** Names of the accounts holding these addresses (case-insensitive), for notices and the page. */
export async function namesByEmail(
  db: Kysely<Database>,
  emails: readonly string[],
): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom('console_account')
    .select(['email', 'name'])
    .where(
      'email',
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.name]));
}
