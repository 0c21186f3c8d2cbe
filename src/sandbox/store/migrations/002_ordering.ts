import type { Kysely, Migration } from 'kysely';

/**
 * Ordering: users can be scheduled for deletion (and the deletion undone for
 * seven days), and POST /v3/order answers repeats of an X-Idempotency-Key from a table.
 */
export const ordering: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('lab_user').addColumn('deleted_at', 'text').execute();

    await db.schema
      .createTable('idempotency_key')
      .addColumn('team_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      /* 'running' while the first request is being answered; 'done' once its answer is kept. */
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_key_pk', ['team_id', 'key'])
      .execute();
    await db.schema
      .createIndex('idempotency_key_created')
      .on('idempotency_key')
      .column('created_at')
      .execute();
  },
};
