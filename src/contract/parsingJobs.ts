import { z } from 'zod';
import { openEnum } from './enums';

/* Lab-report parsing (docs/lab-api-facts.md §9, beta): one report in, a job that ends with results. */

/** The description's limit wins over the facts' 30 MiB (facts: precedence rule 1). */
export const REPORT_MAX_BYTES = 10 * 1024 * 1024;
export const REPORT_TYPES = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
} as const;
export type ReportType = keyof typeof REPORT_TYPES;
export const REPORT_ACCEPT = Object.values(REPORT_TYPES).join(',');

/** Maps a sniffed MIME type (from the file's bytes, never its name) to a report type. */
export function reportTypeOfMime(mime: string | undefined): ReportType | null {
  for (const [type, value] of Object.entries(REPORT_TYPES)) {
    if (value === mime) return type as ReportType;
  }
  return null;
}

export const PARSING_JOB_STATUSES = ['upload_pending', 'started', 'completed', 'failed'] as const;
export type ParsingJobStatus = (typeof PARSING_JOB_STATUSES)[number];
/** Statuses after which the job no longer changes. */
export const FINAL_PARSING_JOB_STATUSES: readonly string[] = ['completed', 'failed'];

/** Failure reasons: the document's ParsingJobFailureReason (non-exhaustive, so the enum stays open). */
export const PARSING_FAILURE_REASONS = [
  'invalid_input',
  'low_quality',
  'not_english',
  'too_many_pages',
  'processing_error',
] as const;

export const LOINC_MATCH_STATUSES = ['auto_match', 'needs_review', 'no_match'] as const;
export const PARSED_RESULT_TYPES = [
  'numeric',
  'range',
  'comment',
  'boolean',
  'duration',
  'percentage',
  'ratio',
] as const;

export const loincMatchSchema = z.looseObject({
  loinc_code: z.string(),
  loinc_name: z.string().nullish(),
  display_name: z.string().nullish(),
  aliases: z.array(z.string()).nullish(),
  confidence_score: z.number().nullish(),
});
export type LoincMatch = z.infer<typeof loincMatchSchema>;

export const parsedResultSchema = z.looseObject({
  test_name: z.string(),
  /** Always text, even for numbers. */
  value: z.string(),
  type: openEnum(PARSED_RESULT_TYPES).nullish(),
  units: z.string().nullish(),
  min_reference_range: z.number().nullish(),
  max_reference_range: z.number().nullish(),
  source_panel_name: z.string().nullish(),
  sample_type: z.string().nullish(),
  measurement_kind: z.string().nullish(),
  sensitivity: z.string().nullish(),
  /** Null or absent reads as no match. */
  loinc_matches: z
    .array(loincMatchSchema)
    .nullish()
    .transform((matches) => matches ?? []),
  loinc_match_status: openEnum(LOINC_MATCH_STATUSES).nullish(),
  interpretation: z.string().nullish(),
  is_above_max_range: z.boolean().nullish(),
  is_below_min_range: z.boolean().nullish(),
});
export type ParsedResult = z.infer<typeof parsedResultSchema>;

export const parsedReportMetadataSchema = z.looseObject({
  patient_first_name: z.string().nullish(),
  patient_last_name: z.string().nullish(),
  dob: z.string().nullish(),
  gender: openEnum(['male', 'female', 'other']).nullish(),
  lab_name: z.string().nullish(),
  date_reported: z.string().nullish(),
  date_collected: z.string().nullish(),
  specimen_number: z.string().nullish(),
});

export const parsingJobSchema = z.looseObject({
  id: z.string(),
  /** The same as `id`: current API versions answer it, 0.4.643 does not (openapi/differences.ts). */
  job_id: z.string().optional(),
  status: openEnum(PARSING_JOB_STATUSES),
  failure_reason: openEnum(PARSING_FAILURE_REASONS).nullish(),
  data: z
    .looseObject({ metadata: parsedReportMetadataSchema, results: z.array(parsedResultSchema) })
    .nullish(),
  needs_human_review: z.boolean().default(false),
  is_reviewed: z.boolean().default(false),
});
export type ParsingJob = z.infer<typeof parsingJobSchema>;

/**
 * The job's state as the console shows it: a completed job flagged for human review
 * that nobody has reviewed yet is "pending review" (the description's third outcome).
 */
export function parsingJobPhase(
  job: Pick<ParsingJob, 'status' | 'needs_human_review' | 'is_reviewed'>,
) {
  if (job.status === 'completed' && job.needs_human_review && !job.is_reviewed) {
    return 'pending_review';
  }
  return job.status;
}

/** The multipart text fields of `POST /lab_report/v1/parser/job` besides `file`. */
export const parsingJobFieldsSchema = z.object({
  user_id: z.guid(),
  needs_human_review: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
    .default(false),
});

/* The console's own record of the jobs it created (the Lab API has no list of jobs). */

export const PARSING_JOBS_PATH = '/api/parsing-jobs';

export const parsingJobRecordSchema = z.object({
  job_id: z.string(),
  user_id: z.string(),
  account_email: z.string(),
  file_name: z.string(),
  report_type: z.enum(['pdf', 'jpeg', 'png']),
  size_bytes: z.number().int(),
  needs_human_review: z.boolean(),
  created_at: z.string(),
});
export type ParsingJobRecord = z.infer<typeof parsingJobRecordSchema>;
export const parsingJobRecordsSchema = z.object({ data: z.array(parsingJobRecordSchema) });
