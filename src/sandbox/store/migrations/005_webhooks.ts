import type { Kysely, Migration } from 'kysely';

/*
 * The webhook outbox. A message is written in the same flow as the change it
 * announces, and each endpoint's delivery of it is a row of its own, so a restart picks
 * up every delivery still to make (at least once, docs/lab-api-facts.md §12).
 */
export const webhooks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhook_message')
      // The order messages were written in: deliveries go out in it unless told to reorder.
      .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
      // The svix-id: the same for every attempt and every endpoint of the message.
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('team_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      // The exact body sent (signatures cover these bytes, so they never change).
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // 0 until a delivery row exists for each endpoint registered at that moment.
      .addColumn('fanned_out', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('webhook_message_fan_out')
      .on('webhook_message')
      .columns(['fanned_out', 'seq'])
      .execute();

    await db.schema
      .createTable('webhook_delivery')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('message_seq', 'integer', (c) =>
        c.notNull().references('webhook_message.seq').onDelete('cascade'),
      )
      .addColumn('endpoint_url', 'text', (c) => c.notNull())
      // pending | succeeded | failed (retries exhausted) | dropped (a test switch lost it)
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      // Epoch milliseconds of the next attempt.
      .addColumn('next_at', 'integer', (c) => c.notNull())
      .addColumn('last_response_status', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_delivery_due')
      .on('webhook_delivery')
      .columns(['status', 'next_at'])
      .execute();
  },
};
