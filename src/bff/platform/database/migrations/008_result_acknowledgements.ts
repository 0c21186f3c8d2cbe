import type { Kysely, Migration } from 'kysely';

/**
 * Results the team has acknowledged, so the results inbox shows only what waits. One row per order and result version:
 * a correction or the final results after partial ones is a new version, so it is not
 * covered by the earlier acknowledgement. Holds who and when and the clinician's note;
 * no result values.
 */
export function resultAcknowledgements(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('result_acknowledgement')
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('account_email', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('acknowledged_at', 'bigint', (c) => c.notNull())
        // Two clinicians acknowledging at once: the first one is the record.
        .addPrimaryKeyConstraint('result_acknowledgement_pk', ['order_id', 'version'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('result_acknowledgement').execute();
    },
  };
}
