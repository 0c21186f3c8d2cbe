import type { Kysely, Migration } from 'kysely';

/*
 * The organisation management API. Keys are kept as SHA-256 digests (their
 * value is given once, at creation); webhook endpoints keep their signing secret, and
 * the one before it while Svix would still sign with both.
 */
export const management: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('management_key')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('label', 'text', (c) => c.notNull())
      // org_admin | team_admin
      .addColumn('role', 'text', (c) => c.notNull())
      // JSON array of team ids (team_admin only).
      .addColumn('team_ids', 'text', (c) => c.notNull())
      .addColumn('key_digest', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('team_api_key')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('region', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('key_digest', 'text', (c) => c.notNull().unique())
      // The prefix and last four characters: all a listing ever shows again.
      .addColumn('masked', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('webhook_endpoint')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('rate_limit', 'integer')
      .addColumn('disabled', 'integer', (c) => c.notNull())
      // JSON array, or null for every event type.
      .addColumn('filter_types', 'text')
      // JSON object of custom headers sent with every delivery.
      .addColumn('headers', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('previous_secret', 'text')
      // Epoch ms until which deliveries are signed with the previous secret too.
      .addColumn('previous_until', 'integer')
      // 1 for the endpoint the host process registered at start (`npm start`'s own console).
      .addColumn('host_endpoint', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
