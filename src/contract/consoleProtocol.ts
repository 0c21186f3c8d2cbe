/*
 * The console's own API between the SPA and the BFF (not the Lab API): roles, the
 * anti-forgery header and paths. Plain constants, so the first screen reads them without
 * loading zod; the shapes are in console.ts.
 */

export const ROLES = ['coordinator', 'ops', 'clinician', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Every `/api` request must carry this header; a cross-site form cannot set it. */
export const ANTI_FORGERY_HEADER = 'x-lab-console';
export const ANTI_FORGERY_VALUE = '1';

/** The BFF forwards Lab API calls under this prefix: `/api/lab/v3/orders` → `/v3/orders`. */
export const LAB_PROXY_PREFIX = '/api/lab';

export const SESSION_PATH = '/api/session';

export const LOGIN_FAILED_MESSAGE = 'Email or password is incorrect.';

/** Patients deleted through this console whose deletion can still be undone. */
export const DELETED_PATIENTS_PATH = '/api/patients/deleted';
