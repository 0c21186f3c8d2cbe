import type { Kysely, Migration } from 'kysely';

/**
 * Webhooks in, live events out (the webhooks and live rooms, docs/bff.md):
 * - `webhook_inbox`: each Lab API delivery once, keyed by its `svix-id`. Only what the
 *   console acts on is kept (event type, record ids, status word, updated_at), never
 *   the body: an order event's body carries the patient's name and address.
 * - `record_state`: the newest status the console knows per record, so a late, older
 *   delivery never overwrites newer state (compared by the record's updated_at).
 * - `live_event`: what the browsers were told, numbered without gaps in commit order,
 *   so a reconnect to any replica resumes after its `Last-Event-ID`.
 * - `job_cursor`: the reconciliation job's last processed point.
 */
export function webhookInbox(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_inbox')
        .addColumn('svix_id', 'text', (c) => c.primaryKey())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text')
        .addColumn('order_id', 'text')
        .addColumn('status', 'text')
        // The record's updated_at, epoch ms: compared, never shown.
        .addColumn('occurred_at', 'bigint')
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        // pending → processed | ignored (a type the console does not show) | failed.
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('processed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('webhook_inbox_state_next')
        .on('webhook_inbox')
        .columns(['state', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('webhook_inbox_received_at')
        .on('webhook_inbox')
        .column('received_at')
        .execute();

      await db.schema
        .createTable('record_state')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text')
        .addColumn('updated_at', 'bigint')
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('record_state_pk', ['kind', 'record_id'])
        .execute();

      await db.schema
        .createTable('live_event')
        // Given by the publisher under its lock: one past the last, so ids follow commits.
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text')
        .addColumn('status', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('live_event_at').on('live_event').column('at').execute();

      await db.schema
        .createTable('job_cursor')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['job_cursor', 'live_event', 'record_state', 'webhook_inbox']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
