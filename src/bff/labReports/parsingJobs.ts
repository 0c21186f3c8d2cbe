import type { Kysely, Selectable } from 'kysely';
import type { ParsingJobRecord, ReportType } from '../../contract';
import type { Database, ParsingJobRecordTable } from '../platform/database/schema';

export interface NewParsingJobRecord {
  job_id: string;
  user_id: string;
  account_id: string;
  account_email: string;
  file_name: string;
  report_type: ReportType;
  size_bytes: number;
  needs_human_review: boolean;
  created_at: number;
}

export async function recordParsingJob(db: Kysely<Database>, job: NewParsingJobRecord) {
  await db
    .insertInto('parsing_job_record')
    .values({ ...job, needs_human_review: job.needs_human_review ? 1 : 0 })
    .execute();
}

/** The console's record of one job: for which patient and file it was made. */
export async function getParsingJob(
  db: Kysely<Database>,
  jobId: string,
): Promise<ParsingJobRecord | null> {
  const row = await db
    .selectFrom('parsing_job_record')
    .selectAll()
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Newest first. */
export async function listParsingJobs(
  db: Kysely<Database>,
  options: { limit: number; userId?: string },
): Promise<ParsingJobRecord[]> {
  let query = db.selectFrom('parsing_job_record').selectAll();
  if (options.userId) query = query.where('user_id', '=', options.userId);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('job_id', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map(toRecord);
}

function toRecord(r: Selectable<ParsingJobRecordTable>): ParsingJobRecord {
  return {
    job_id: r.job_id,
    user_id: r.user_id,
    account_email: r.account_email,
    file_name: r.file_name,
    report_type: r.report_type as ReportType,
    size_bytes: r.size_bytes,
    needs_human_review: r.needs_human_review === 1,
    created_at: new Date(r.created_at).toISOString(),
  };
}
