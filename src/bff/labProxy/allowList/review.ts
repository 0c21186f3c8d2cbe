import type { AllowedCall } from '.';

/**
 * Unmatched results and lab-report parsing. The upload itself is the BFF's own multipart
 * route (`src/bff/labReports/routes.ts`), not this JSON proxy, so it is not listed here.
 */
export const REVIEW_CALLS: readonly AllowedCall[] = [
  {
    method: 'GET',
    path: '/v3/unmatched_result',
    permission: 'review.read',
    audit: { recordType: 'unmatched_result_list' },
  },
  {
    method: 'GET',
    path: '/v3/unmatched_result/{raw_result_id}',
    permission: 'review.read',
    audit: { recordType: 'unmatched_result', idParam: 'raw_result_id' },
  },
  {
    method: 'POST',
    path: '/v3/unmatched_result/{raw_result_id}/accept',
    permission: 'review.act',
    audit: { recordType: 'unmatched_result', idParam: 'raw_result_id' },
  },
  {
    method: 'POST',
    path: '/v3/unmatched_result/{raw_result_id}/resolve',
    permission: 'review.act',
    audit: { recordType: 'unmatched_result', idParam: 'raw_result_id' },
  },
  {
    method: 'GET',
    path: '/lab_report/v1/parser/job/{job_id}',
    permission: 'reports.read',
    audit: { recordType: 'parsing_job', idParam: 'job_id' },
  },
];
