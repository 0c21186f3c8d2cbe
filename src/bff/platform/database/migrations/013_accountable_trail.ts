import type { Kysely, Migration } from 'kysely';

/**
 * An audit trail an auditor can question directly. Each row may name the patient whose
 * data the call reached (the Lab API user id), the client address (sign-ins), and a JSON
 * detail (a sign-in's reason, an account change's before and after). The order → patient
 * pairs the BFF saw in answers it proxied let a row name the patient of a call that names
 * only an order. Accounts keep their last sign-in, and a session ended by an admin keeps
 * why, so the account's open tab can be told.
 */
export function accountableTrail(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['patient_id', 'client_address', 'detail']) {
        await db.schema.alterTable('audit_event').addColumn(column, 'text').execute();
      }
      // "Every access to patient X" pages like the other filters (migration 010); sign-ins
      // are found by their record id (the e-mail), which that migration indexed already.
      await db.schema
        .createIndex('audit_event_patient_id_id')
        .on('audit_event')
        .columns(['patient_id', 'id'])
        .execute();
      await db.schema
        .createTable('order_patient')
        .addColumn('order_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('console_account')
        .addColumn('last_sign_in_at', 'bigint')
        .execute();
      await db.schema.alterTable('session').addColumn('ended_reason', 'text').execute();
    },
  };
}
