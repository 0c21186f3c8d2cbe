import type { Kysely, Migration } from 'kysely';

/*
 * Patient service centre appointments, the keys of their bookings (the
 * closed-beta idempotency), SMS per order, and the history of scheduled orders'
 * activation dates (which also says an order was scheduled when it was created).
 * PSC appointments live apart from phlebotomy ones: an order's cancel ends its
 * phlebotomy visit but leaves the centre appointment booked (docs/lab-api-facts.md §4).
 */
export const walkIn: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('psc_appointment')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('lab_order.id'))
      .addColumn('site_code', 'text', (c) => c.notNull())
      .addColumn('start_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // ClientFacingAppointment as returned.
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('psc_appointment_order')
      .on('psc_appointment')
      .columns(['order_id', 'created_at'])
      .execute();
    // Slot conflicts: one live appointment per centre and start.
    await db.schema
      .createIndex('psc_appointment_slot')
      .on('psc_appointment')
      .columns(['site_code', 'start_at', 'status'])
      .execute();

    await db.schema
      .createTable('psc_booking_key')
      .addColumn('team_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('psc_booking_key_pk', ['team_id', 'key'])
      .execute();

    await db.schema
      .createTable('order_communication_setting')
      .addColumn('order_id', 'text', (c) => c.primaryKey().references('lab_order.id'))
      .addColumn('sms_enabled', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('order_activation_change')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('order_id', 'text', (c) => c.notNull().references('lab_order.id'))
      .addColumn('activate_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('order_activation_change_order')
      .on('order_activation_change')
      .column('order_id')
      .execute();
  },
};
