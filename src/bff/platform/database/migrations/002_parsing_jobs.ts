import type { Kysely, Migration } from 'kysely';

/**
 * The parsing jobs the console created: the Lab API has no list of jobs, so
 * the BFF keeps who asked, for which patient, when, and the job id. No report content.
 */
export function parsingJobs(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('parsing_job_record')
        .addColumn('job_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('account_email', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('report_type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'bigint', (c) => c.notNull())
        // 0 or 1: one representation on SQLite and PostgreSQL.
        .addColumn('needs_human_review', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('parsing_job_record_created_at')
        .on('parsing_job_record')
        .column('created_at')
        .execute();
    },
  };
}
