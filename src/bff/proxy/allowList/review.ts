import type { Role } from '../../../contract';
import type { AllowedCall } from '.';
import { EVERYONE } from './roles';

/** Ops and admins read the queue of unmatched results; only ops act on it. */
export const REVIEW_QUEUE: readonly Role[] = ['ops', 'admin'];
export const REVIEW_ACTIONS: readonly Role[] = ['ops'];
/**
 * Coordinators and ops upload lab reports; everyone (clinicians included) reads parsed
 * results. The upload itself is the BFF's own multipart route (`routes/reportUpload.ts`),
 * not this JSON proxy, so it is not listed here.
 */
export const REPORT_UPLOAD: readonly Role[] = ['coordinator', 'ops'];

/** Unmatched results and lab-report parsing (issue 5). */
export const REVIEW_CALLS: readonly AllowedCall[] = [
  {
    method: 'GET',
    path: '/v3/unmatched_result',
    roles: REVIEW_QUEUE,
    audit: { recordType: 'unmatched_result_list' },
  },
  {
    method: 'GET',
    path: '/v3/unmatched_result/{raw_result_id}',
    roles: REVIEW_QUEUE,
    audit: { recordType: 'unmatched_result', idParam: 'raw_result_id' },
  },
  {
    method: 'POST',
    path: '/v3/unmatched_result/{raw_result_id}/accept',
    roles: REVIEW_ACTIONS,
    audit: { recordType: 'unmatched_result', idParam: 'raw_result_id' },
  },
  {
    method: 'POST',
    path: '/v3/unmatched_result/{raw_result_id}/resolve',
    roles: REVIEW_ACTIONS,
    audit: { recordType: 'unmatched_result', idParam: 'raw_result_id' },
  },
  {
    method: 'GET',
    path: '/lab_report/v1/parser/job/{job_id}',
    roles: EVERYONE,
    audit: { recordType: 'parsing_job', idParam: 'job_id' },
  },
];
