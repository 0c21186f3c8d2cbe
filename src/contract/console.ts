import { z } from 'zod';
import { ROLES } from './consoleProtocol';

/*
 * The console's own API between the SPA and the BFF (not the Lab API): sign-in and the
 * session. It lives here because the contract is the only module both sides may import.
 */

export {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  DELETED_PATIENTS_PATH,
  LAB_PROXY_PREFIX,
  LOGIN_FAILED_MESSAGE,
  ROLES,
  SESSION_PATH,
  type Role,
} from './consoleProtocol';

export const roleSchema = z.enum(ROLES);

export const loginRequestSchema = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const consoleAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
});
export type ConsoleAccount = z.infer<typeof consoleAccountSchema>;

export const sessionResponseSchema = z.object({
  account: consoleAccountSchema,
  /** Where the console is connected: drives sandbox-only actions such as lifecycle simulation. */
  upstream: z.object({
    environment: z.enum(['local', 'sandbox', 'production', 'custom']),
    region: z.enum(['us', 'eu']).nullable(),
  }),
  idle_timeout_seconds: z.number().int(),
  expires_at: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const deletedPatientSchema = z.object({
  user_id: z.string(),
  deleted_at: z.iso.datetime(),
  /** The end of the Lab API's grace period: after it the patient's data is erased. */
  undo_until: z.iso.datetime(),
  deleted_by: z.string().nullable(),
});
export type DeletedPatient = z.infer<typeof deletedPatientSchema>;

export const deletedPatientsResponseSchema = z.object({
  patients: z.array(deletedPatientSchema),
});

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
export const sessionEndReasonSchema = z.enum(
  Object.keys(SESSION_END_REASONS) as [SessionEndReason, ...SessionEndReason[]],
);

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
