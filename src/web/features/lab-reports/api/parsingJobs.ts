import { queryOptions } from '@tanstack/react-query';
import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE } from '../../../../contract/console';
import { problemSchema } from '../../../../contract/errors';
import { UNNAMED_PATIENT, ordersPageSchema } from '../../../../contract/order';
import {
  FINAL_PARSING_JOB_STATUSES,
  PARSING_JOBS_PATH,
  parsingJobRecordSchema,
  parsingJobRecordsSchema,
  parsingJobSchema,
  type ParsingJob,
} from '../../../../contract/parsingJobs';
import { ApiError, apiGet, labPath } from '../../../shared/api/client';
import type { LiveStaleness } from '../../../shared/api/queryKeys';

/** Every query key of the lab-report parsing jobs. */
export const parsingJobKeys = {
  all: ['parsing-jobs'] as const,
  list: () => [...parsingJobKeys.all, 'list'] as const,
  /** The Lab API's state of one job. */
  detail: (jobId: string) => [...parsingJobKeys.all, 'detail', jobId] as const,
  /** The console's own record of one job (who uploaded it, for which patient). */
  record: (jobId: string) => [...parsingJobKeys.all, 'record', jobId] as const,
  patients: () => [...parsingJobKeys.all, 'patients'] as const,
};

/** A job's progress changes the jobs list and that job's page. */
export const parsingJobStaleness: LiveStaleness = {
  staleKeys: (event) =>
    event.kind === 'parsing_job'
      ? [
          parsingJobKeys.list(),
          parsingJobKeys.detail(event.recordId),
          parsingJobKeys.record(event.recordId),
        ]
      : [],
  resyncKeys: [parsingJobKeys.all],
};

export const parsingJobsQueryOptions = queryOptions({
  queryKey: parsingJobKeys.list(),
  queryFn: ({ signal }) => apiGet(PARSING_JOBS_PATH, parsingJobRecordsSchema, signal),
});

/** The console's record of one job: the patient it was uploaded for, and the file. */
export const parsingJobRecordQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: parsingJobKeys.record(jobId),
    queryFn: ({ signal }) =>
      apiGet(`${PARSING_JOBS_PATH}/${encodeURIComponent(jobId)}`, parsingJobRecordSchema, signal),
  });

/** Follows a job every 1.5 s until it ends (completed or failed). */
export const parsingJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: parsingJobKeys.detail(jobId),
    queryFn: ({ signal }) =>
      apiGet(
        labPath(`/lab_report/v1/parser/job/${encodeURIComponent(jobId)}`),
        parsingJobSchema,
        signal,
      ),
    refetchInterval: (query) =>
      query.state.data && FINAL_PARSING_JOB_STATUSES.includes(query.state.data.status)
        ? false
        : 1500,
  });

export interface ReportPatient {
  id: string;
  /** "Last, First", for sorting and choosing. */
  name: string;
  firstName: string | null;
  lastName: string | null;
  dob: string;
}

/**
 * The patients to choose from: the Lab API's orders name them (the console has no user
 * list yet), one entry per user, by name.
 */
export const reportPatientsQueryOptions = queryOptions({
  queryKey: parsingJobKeys.patients(),
  queryFn: async ({ signal }) => {
    const page = await apiGet(
      labPath('/v3/orders', { page: 1, size: 100 }),
      ordersPageSchema,
      signal,
    );
    const byUser = new Map<string, ReportPatient>();
    for (const order of page.orders) {
      const p = order.patient_details;
      if (p && !byUser.has(order.user_id)) {
        const sortable = [p.last_name, p.first_name].filter(Boolean).join(', ');
        byUser.set(order.user_id, {
          id: order.user_id,
          name: sortable || UNNAMED_PATIENT,
          firstName: p.first_name ?? null,
          lastName: p.last_name ?? null,
          dob: p.dob,
        });
      }
    }
    return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
  },
});

export interface UploadInput {
  file: File;
  userId: string;
  needsHumanReview: boolean;
  onProgress: (fraction: number) => void;
}

/**
 * XMLHttpRequest, not fetch: only it reports upload progress. The BFF checks size and
 * type again while it reads the stream.
 */
export function uploadReport(input: UploadInput): Promise<ParsingJob> {
  const form = new FormData();
  form.append('user_id', input.userId);
  form.append('needs_human_review', String(input.needsHumanReview));
  form.append('file', input.file, input.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', PARSING_JOBS_PATH);
    xhr.setRequestHeader(ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const job = parsingJobSchema.safeParse(body);
        if (job.success) resolve(job.data);
        else reject(new ApiError(502, null, 'The Lab API answered something unexpected.'));
        return;
      }
      const problem = problemSchema.safeParse(body);
      const detail =
        body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
          ? body.detail
          : `Upload failed (${String(xhr.status)})`;
      reject(
        new ApiError(
          xhr.status,
          problem.success ? problem.data : null,
          problem.success ? (problem.data.detail ?? problem.data.title) : detail,
        ),
      );
    };
    xhr.send(form);
  });
}
