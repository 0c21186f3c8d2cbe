import type { Kysely, Migration } from 'kysely';

/* Unmatched results and lab-report parsing jobs. */
export const review: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('unmatched_result')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull().references('team.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('decision_code', 'text', (c) => c.notNull())
      .addColumn('lab_slug', 'text', (c) => c.notNull())
      .addColumn('patient_name', 'text')
      .addColumn('patient_dob', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('unmatched_result_team_created')
      .on('unmatched_result')
      .columns(['team_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('parsing_job')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull().references('team.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('report_type', 'text', (c) => c.notNull())
      // The uploaded report, kept until the job has read it.
      .addColumn('file', 'blob')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();
  },
};
