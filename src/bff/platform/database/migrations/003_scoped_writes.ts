import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Writes scoped to the account that makes them:
 * - `idempotency_key`: each account's idempotency keys and the body each was first used
 *   with, so a key is never shared between accounts and never reused for another body;
 * - `server_secret`: the key of the HMAC that turns an account's key into the key the
 *   Lab API sees, kept in the store so every replica derives the same one;
 * - `account_login_failure`: failed sign-ins per account (by e-mail), whatever address
 *   they come from.
 */
export function scopedWrites(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_key')
        .addColumn('account_id', 'text', (c) => c.notNull())
        // SHA-256 of the browser's key: the raw key is never stored.
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        // 'running' while the first request is with the Lab API, then 'done'.
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_key_pk', ['account_id', 'key_hash'])
        .execute();
      await db.schema
        .createIndex('idempotency_key_expires_at')
        .on('idempotency_key')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('server_secret')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      const secret = randomBytes(32).toString('base64url');
      await sql`INSERT INTO server_secret (name, value) VALUES ('idempotency', ${secret})`.execute(
        db,
      );

      await db.schema
        .createTable('account_login_failure')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('account_login_failure_email_at')
        .on('account_login_failure')
        .columns(['email', 'at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['account_login_failure', 'server_secret', 'idempotency_key']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
