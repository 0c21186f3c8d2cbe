import type { Kysely, Migration } from 'kysely';

/**
 * Console accounts an admin manages, so people get accounts without a deployment: a status (invited until the person sets
 * a password; disabled keeps the row, so the audit trail's names stay meaningful), the
 * subject of single sign-on accounts, and one-time links to set a password (invitations
 * and resets), kept as hashes like session tokens; and single sign-on attempts in flight.
 */
export function consoleAccounts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('console_account')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .execute();
      await db.schema.alterTable('console_account').addColumn('oidc_subject', 'text').execute();
      await db.schema
        .createIndex('console_account_oidc_subject')
        .on('console_account')
        .column('oidc_subject')
        .unique()
        .execute();
      await db.schema
        .createTable('password_link')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('console_account.id').onDelete('cascade'),
        )
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      // A single sign-on attempt between the redirect to the identity provider and its
      // return, held here (not in memory) so any replica can finish it; used once.
      await db.schema
        .createTable('sso_attempt')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('return_to', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('session_account').on('session').column('account_id').execute();
    },
  };
}
