import { z } from 'zod';
import { roleSchema } from './console';

/*
 * The console's own administration API between the SPA and the BFF (not the Lab API):
 * console accounts, invitations, single sign-on and the audit trail.
 */

export const ADMIN_ACCOUNTS_PATH = '/api/admin/accounts';
export const ADMIN_AUDIT_PATH = '/api/admin/audit';
export const ADMIN_AUDIT_EXPORT_PATH = '/api/admin/audit/export';
export const ADMIN_AUDIT_VERIFY_PATH = '/api/admin/audit/verify';
/** Public: the invited person sets a password with the token of their link. */
export const INVITATION_ACCEPT_PATH = '/api/invitations/accept';
/** Public: whether single sign-on is configured, for the sign-in page. */
export const SIGN_IN_OPTIONS_PATH = '/api/session/options';
/** Browser navigations (not `/api`): they answer redirects to and from the identity provider. */
export const SSO_LOGIN_PATH = '/auth/oidc/login';
export const SSO_CALLBACK_PATH = '/auth/oidc/callback';

/* ---------- passwords (NIST SP 800-63B: length over composition) ---------- */

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Passwords seen most often in breaches that still pass the length rule: a small list,
 * not a breach corpus. Compared lower-cased.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456789012',
  '1234567890123',
  'qwertyuiopas',
  'qwerty123456',
  'password1234',
  'password12345',
  'passwordpassword',
  'iloveyou1234',
  'aaaaaaaaaaaa',
  '111111111111',
  '000000000000',
  'abcdefghijkl',
  'abc123abc123',
  'letmein12345',
  'welcome12345',
  'administrator',
  'changeme1234',
  'qwertyqwerty',
  'football1234',
  'baseball1234',
  'monkey123456',
  'sunshine1234',
  'princess1234',
  'trustno1trustno1',
  'correcthorsebatterystaple',
  'correct horse battery staple',
]);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()), {
    message: 'This password is one of the most common ones: choose another.',
  });

/* ---------- console accounts ---------- */

export const ACCOUNT_STATUSES = ['active', 'invited', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const adminAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  status: z.enum(ACCOUNT_STATUSES),
  /** `sso`: signs in through the identity provider, which also gives the role. */
  source: z.enum(['password', 'sso']),
  created_at: z.iso.datetime(),
  sessions: z.number().int(),
  /** The last successful sign-in (password or single sign-on); null: never. */
  last_sign_in_at: z.iso.datetime().nullable(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountsResponseSchema = z.object({ accounts: z.array(adminAccountSchema) });

export const ACCOUNT_NAME_MAX_LENGTH = 100;

/**
 * Characters a person's name never needs and that make it show as something else:
 * control characters, and the bidirectional overrides, embeddings, isolates and marks
 * (U+202E makes "evil" display as "live"). The zero-width joiners some scripts need stay.
 */
const HIDDEN_IN_NAMES = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

export const accountNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(ACCOUNT_NAME_MAX_LENGTH, `Use at most ${ACCOUNT_NAME_MAX_LENGTH} characters.`)
  .refine((value) => !HIDDEN_IN_NAMES.test(value), {
    message: 'Remove the invisible control or text-direction characters from the name.',
  });

export const newAccountSchema = z.object({
  email: z.email('Enter a valid email address.').max(254, 'Use at most 254 characters.'),
  name: accountNameSchema,
  role: roleSchema,
});
export type NewAccount = z.infer<typeof newAccountSchema>;

export const accountChangeSchema = z
  .object({ role: roleSchema, status: z.enum(['active', 'disabled']), name: accountNameSchema })
  .partial()
  .refine(
    (v) => v.role !== undefined || v.status !== undefined || v.name !== undefined,
    'Nothing to change.',
  );
export type AccountChange = z.infer<typeof accountChangeSchema>;

/** A link to set a password: shown once to the admin, who passes it on. */
export const invitationLinkSchema = z.object({
  account: adminAccountSchema,
  link: z.string(),
  expires_at: z.iso.datetime(),
});
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

export const INVITATION_VALID_HOURS = 72;

export const acceptInvitationSchema = z.object({
  token: z.string().min(20).max(200),
  password: passwordSchema,
});
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

export const signInOptionsSchema = z.object({
  sso: z.object({ enabled: z.boolean(), label: z.string() }),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

export { SSO_ERRORS, type SsoError } from './ssoErrors';

/* ---------- audit trail ---------- */

export const AUDIT_PAGE_SIZE_MAX = 200;

/** The record type of sign-in rows; their record id is the e-mail tried. */
export const SIGN_IN_RECORD_TYPE = 'sign_in';

/** What a sign-in row says happened, in `detail.reason`. */
export const SIGN_IN_REASONS = {
  'signed-in': 'Signed in',
  'wrong-credentials': 'Wrong e-mail or password',
  'account-disabled': 'Account disabled (correct password)',
  'account-locked': 'Locked out after repeated failures',
  'address-throttled': 'Too many failures from this address',
  'signed-out': 'Signed out',
  'sso-signed-in': 'Signed in through single sign-on',
  'sso-no-role': 'Single sign-on: no role for this person',
  'sso-disabled': 'Single sign-on: account disabled',
  'sso-conflict': 'Single sign-on: e-mail used by a password account',
  'sso-failed': 'Single sign-on did not complete',
  'sso-unavailable': 'Single sign-on: identity provider unreachable',
} as const;
export type SignInReason = keyof typeof SIGN_IN_REASONS;

/** One changed field of an account: what it was and what it became. */
export const auditChangeSchema = z.object({
  before: z.string().nullable(),
  after: z.string().nullable(),
});

/** What a row says beyond its columns. */
export const auditDetailSchema = z.object({
  /** A sign-in's outcome (`SIGN_IN_REASONS`), or why single sign-on refused. */
  reason: z.string().optional(),
  /** The claim single sign-on missed (`email`, the role claim). */
  missing_claim: z.string().optional(),
  /** An account change, by field (`role`, `status`, `name`). */
  changes: z.record(z.string(), auditChangeSchema).optional(),
});
export type AuditDetail = z.infer<typeof auditDetailSchema>;

export const auditQuerySchema = z.object({
  account: z.string().trim().toLowerCase().max(254).optional(),
  action: z.string().trim().max(200).optional(),
  record: z.string().trim().max(200).optional(),
  outcome: z.enum(['success', 'refused', 'failed']).optional(),
  /** Every row that reached this patient's data (a Lab API user id). */
  patient: z.string().trim().max(200).optional(),
  /** Every sign-in, failed sign-in, lockout, refusal and sign-out of this e-mail. */
  sign_ins: z.string().trim().toLowerCase().max(254).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  /** Keyset cursor: the id of the last row of the previous page. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRowSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  account_email: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  record_type: z.string(),
  record_id: z.string().nullable(),
  outcome: z.number().int(),
  request_id: z.string(),
  /** The patient (Lab API user id) whose data the call reached. */
  patient_id: z.string().nullable(),
  /** The caller's address, on sign-in rows. */
  client_address: z.string().nullable(),
  detail: auditDetailSchema.nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = z.object({
  rows: z.array(auditRowSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditVerdictSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), rows: z.number().int(), head: z.string() }),
  z.object({
    ok: z.literal(false),
    rows: z.number().int(),
    broken_id: z.number().int(),
    reason: z.string(),
  }),
]);
export type AuditVerdict = z.infer<typeof auditVerdictSchema>;

/**
 * A row's detail in words, for the trail's page and its CSV export alike: the sign-in's
 * outcome, the claim single sign-on missed, each changed field as before → after.
 */
export function auditDetailText(detail: AuditDetail | null): string {
  if (!detail) return '';
  const parts: string[] = [];
  if (detail.reason) {
    parts.push(
      Object.hasOwn(SIGN_IN_REASONS, detail.reason)
        ? SIGN_IN_REASONS[detail.reason as SignInReason]
        : detail.reason,
    );
  }
  if (detail.missing_claim) parts.push(`missing claim: ${detail.missing_claim}`);
  for (const [field, change] of Object.entries(detail.changes ?? {})) {
    parts.push(`${field}: ${change.before ?? '(none)'} → ${change.after ?? '(none)'}`);
  }
  return parts.join('; ');
}

/**
 * The audit trail's columns, in order: the CSV export's header (the BFF) and the trail's
 * page (the SPA) both read this one list, so a new column reaches both.
 */
export const AUDIT_COLUMNS = [
  'id',
  'at',
  'account_email',
  'role',
  'action',
  'record_type',
  'record_id',
  'outcome',
  'request_id',
  'patient_id',
  'client_address',
  'detail',
] as const;
export type AuditColumn = (typeof AUDIT_COLUMNS)[number];
/** The same list under the name the integration tests use. */
export const AUDIT_CSV_COLUMNS = AUDIT_COLUMNS;
