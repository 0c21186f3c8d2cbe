import type { Kysely, Migration } from 'kysely';

/**
 * The secrets webhook deliveries are verified with, beyond the configured one: admins
 * rotate the console's endpoint secret through the management API.
 * Rotating the console's endpoint secret adds the new one and gives the old one an end,
 * so deliveries keep verifying across the switch on every replica, without a restart.
 */
export function webhookSigningSecrets(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_signing_secret')
        // `whsec_…`: needed as written to compute the signature, so not a digest.
        .addColumn('secret', 'text', (c) => c.primaryKey())
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        // Epoch ms after which it no longer verifies; null while it is the current one.
        .addColumn('valid_until', 'bigint')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_signing_secret').execute();
    },
  };
}
