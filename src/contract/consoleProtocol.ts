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

/**
 * Why a session stopped working before its timeouts: the 401 problem body's `code`, so
 * an open page clears what it shows and says why.
 */
export const SESSION_END_REASONS = {
  'account-disabled': 'Your account was disabled by an administrator.',
  'role-changed': 'Your role was changed by an administrator. Sign in again.',
  'sessions-ended': 'An administrator ended your sessions. Sign in again.',
  'password-reset': 'Your password was reset by an administrator.',
} as const;
export type SessionEndReason = keyof typeof SESSION_END_REASONS;
/** The live stream's last event when an admin ended the session: its data is `{ code }`. */
export const LIVE_SESSION_ENDED_EVENT = 'session-ended';

/** The sign-in answer's problem `code` when the password was right but the account is disabled. */
export const ACCOUNT_DISABLED_CODE = 'account-disabled';
export const ACCOUNT_DISABLED_MESSAGE =
  'This account is disabled. Ask an administrator to enable it.';

/**
 * Deleting the webhook endpoint that is this console's own intake: refused 409 with this
 * problem `type` unless confirmed with `?confirm=` this word, as live updates stop.
 */
export const CONSOLE_INTAKE_PROBLEM = 'urn:lab-console:management:console-intake';
export const DELETE_INTAKE_CONFIRMATION = 'stop-live-updates';
