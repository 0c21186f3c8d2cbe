import type { Kysely, Migration } from 'kysely';

/** Tracking: generated results, running simulations, phlebotomy appointments. */
export const tracking: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_result')
      .addColumn('order_id', 'text', (c) => c.primaryKey().references('lab_order.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      /** LabResultsRaw as returned. */
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();

    // A simulation in flight survives a restart: the remaining steps and when the next is due.
    await db.schema
      .createTable('order_simulation')
      .addColumn('order_id', 'text', (c) => c.primaryKey().references('lab_order.id'))
      .addColumn('remaining', 'text', (c) => c.notNull())
      .addColumn('delay_ms', 'integer', (c) => c.notNull())
      .addColumn('next_at', 'text', (c) => c.notNull())
      .addColumn('options', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('phlebotomy_appointment')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('lab_order.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('phlebotomy_appointment_order')
      .on('phlebotomy_appointment')
      .columns(['order_id', 'created_at'])
      .execute();
  },
};
