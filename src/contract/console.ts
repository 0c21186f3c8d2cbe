import { z } from 'zod';
import { ROLES, SESSION_END_REASONS, type SessionEndReason } from './consoleProtocol';

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
  SESSION_END_REASONS,
  type SessionEndReason,
  LIVE_SESSION_ENDED_EVENT,
  ACCOUNT_DISABLED_CODE,
  ACCOUNT_DISABLED_MESSAGE,
  CONSOLE_INTAKE_PROBLEM,
  DELETE_INTAKE_CONFIRMATION,
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

export const sessionEndReasonSchema = z.enum(
  Object.keys(SESSION_END_REASONS) as [SessionEndReason, ...SessionEndReason[]],
);
