import type { Kysely, Migration } from 'kysely';

export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('team')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('lab')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('marker')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('lab_id', 'integer', (c) => c.notNull().references('lab.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('a_la_carte_enabled', 'integer', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('marker_lab_name')
      .on('marker')
      .columns(['lab_id', 'name'])
      .execute();

    await db.schema
      .createTable('lab_test')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull().references('team.id'))
      .addColumn('lab_id', 'integer', (c) => c.references('lab.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('lab_test_team_created')
      .on('lab_test')
      .columns(['team_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('lab_test_marker')
      .addColumn('lab_test_id', 'text', (c) => c.notNull().references('lab_test.id'))
      .addColumn('marker_id', 'integer', (c) => c.notNull().references('marker.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('lab_test_marker_pk', ['lab_test_id', 'marker_id'])
      .execute();

    await db.schema
      .createTable('lab_account')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull().references('team.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('lab_user')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull().references('team.id'))
      .addColumn('client_user_id', 'text', (c) => c.notNull())
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .addUniqueConstraint('lab_user_team_client', ['team_id', 'client_user_id'])
      .execute();

    await db.schema
      .createTable('order_transaction')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull().references('team.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('lab_order')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull().references('team.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('lab_user.id'))
      .addColumn('lab_test_id', 'text', (c) => c.notNull().references('lab_test.id'))
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('low_level_status', 'text', (c) => c.notNull())
      .addColumn('last_status', 'text', (c) => c.notNull())
      .addColumn('last_status_created_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('interpretation', 'text')
      .addColumn('is_critical', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('activate_by', 'text')
      .addColumn('patient_first_name', 'text')
      .addColumn('patient_last_name', 'text')
      .addColumn('patient_dob', 'text')
      .addColumn('shipping_recipient_name', 'text')
      .addColumn('order_transaction_id', 'text', (c) => c.references('order_transaction.id'))
      .addColumn('origin', 'text')
      .addColumn('parent_id', 'text')
      .addColumn('sample_id', 'text')
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();

    /* Every list query is scoped to a team, so each index leads with team_id. The default
       sort (created_at desc) walks the first index backwards and stops after one page;
       the others serve the sort keys and the selective filters. Name and recipient
       searches are substring matches, which no B-tree helps: they scan, as COUNT does. */
    const orderIndexes: [string, string[]][] = [
      ['lab_order_team_created', ['team_id', 'created_at', 'id']],
      ['lab_order_team_updated', ['team_id', 'updated_at']],
      ['lab_order_team_last_status', ['team_id', 'last_status', 'created_at']],
      ['lab_order_team_low_status', ['team_id', 'low_level_status', 'created_at']],
      ['lab_order_team_method', ['team_id', 'method', 'created_at']],
      ['lab_order_team_patient', ['team_id', 'patient_last_name', 'patient_first_name']],
      ['lab_order_team_dob', ['team_id', 'patient_dob']],
      ['lab_order_team_user', ['team_id', 'user_id', 'created_at']],
      ['lab_order_team_interpretation', ['team_id', 'interpretation', 'created_at']],
      ['lab_order_team_critical', ['team_id', 'is_critical', 'created_at']],
      ['lab_order_team_activate_by', ['team_id', 'activate_by']],
      ['lab_order_transaction', ['order_transaction_id']],
      ['lab_order_sample', ['sample_id']],
    ];
    for (const [name, columns] of orderIndexes) {
      await db.schema.createIndex(name).on('lab_order').columns(columns).execute();
    }

    await db.schema
      .createTable('order_event')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('order_id', 'text', (c) => c.notNull().references('lab_order.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('status_detail', 'text')
      .execute();
    await db.schema
      .createIndex('order_event_order')
      .on('order_event')
      .columns(['order_id', 'id'])
      .execute();
  },
};
