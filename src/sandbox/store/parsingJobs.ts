import type { SandboxDb } from './database';
import type { ParsedResultDocument } from '../parsing/reportLines';

/**
 * ParsingJob as returned (docs/lab-api-facts.md §9). `job_id` repeats `id`: current versions of
 * the API answer both and current clients require it; the document (0.4.643) lacks it, a
 * deliberate difference (src/contract/openapi/differences.ts).
 */
export interface ParsingJobDocument {
  id: string;
  job_id: string;
  status: 'upload_pending' | 'started' | 'completed' | 'failed';
  failure_reason: string | null;
  data: { metadata: Record<string, string | null>; results: ParsedResultDocument[] } | null;
  needs_human_review: boolean;
  is_reviewed: boolean;
}

export async function insertParsingJob(
  db: SandboxDb,
  teamId: string,
  job: ParsingJobDocument,
  file: { type: string; bytes: Uint8Array },
  now: Date,
) {
  await db
    .insertInto('parsing_job')
    .values({
      id: job.id,
      team_id: teamId,
      status: job.status,
      report_type: file.type,
      file: file.bytes,
      created_at: now.toISOString(),
      document: JSON.stringify(job),
    })
    .execute();
}

/** Saves a new state; once a job has ended, its report is no longer kept. */
export async function saveParsingJob(db: SandboxDb, job: ParsingJobDocument) {
  const ended = job.status === 'completed' || job.status === 'failed';
  await db
    .updateTable('parsing_job')
    .set({ status: job.status, document: JSON.stringify(job), ...(ended ? { file: null } : {}) })
    .where('id', '=', job.id)
    .execute();
}

export async function findParsingJob(db: SandboxDb, teamId: string, id: string) {
  const row = await db
    .selectFrom('parsing_job')
    .select(['document', 'report_type', 'file'])
    .where('team_id', '=', teamId)
    .where('id', '=', id.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const job = JSON.parse(row.document) as ParsingJobDocument;
  return {
    // Jobs stored before job_id was answered get it on the way out.
    job: { ...job, job_id: job.id },
    reportType: row.report_type,
    file: row.file,
  };
}

/** Jobs a restart interrupted: they carry on where they were. */
export async function findUnfinishedParsingJobIds(db: SandboxDb, teamId: string) {
  const rows = await db
    .selectFrom('parsing_job')
    .select('id')
    .where('team_id', '=', teamId)
    .where('status', 'in', ['upload_pending', 'started'])
    .execute();
  return rows.map((r) => r.id);
}
