import { z } from 'zod';

/*
 * The console's own notification endpoints (BFF, not the Lab API): the mail outbox,
 * escalation policies for critical results, each result's notices, each account's
 * preferences and the coordinators' daily digest. No shape here carries a patient's
 * name, a value or a result: e-mails say that something waits and link into the console.
 */

/** Mail kept in the console when no SMTP server is configured (admins). */
export const MAIL_OUTBOX_PATH = '/api/admin/notifications/outbox';
/** Escalation policies per team (admins); `…/:teamId` sets one, `default` for the rest. */
export const ESCALATION_POLICIES_PATH = '/api/admin/notifications/escalation-policies';
/** Who would be told of a critical result now, for a team (admins). */
export const CRITICAL_RECIPIENTS_PATH = '/api/admin/notifications/critical-recipients';
/** Sends the daily digest now (admins); it is otherwise sent once a day. */
export const DIGEST_SEND_PATH = '/api/admin/notifications/digest';
/** The last invitation or reset e-mail of each account and whether it went (admins). */
export const ACCOUNT_MAIL_PATH = '/api/admin/notifications/account-mail';
/** The notices sent for one order's critical result, `?order_id=` (result readers). */
export const RESULT_NOTIFICATIONS_PATH = '/api/results/notifications';
/** The signed-in account's own notification preferences. */
export const NOTIFICATION_PREFERENCES_PATH = '/api/notifications/preferences';

export const DEFAULT_POLICY_TEAM = 'default';
export const ESCALATION_MINUTES_MAX = 24 * 60;
export const LAST_TIER_MAX = 20;

export const MAIL_KINDS = ['critical_result', 'invitation', 'password_reset', 'digest'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const outboxMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const mailOutboxSchema = z.object({
  /** `smtp`: mail leaves through the configured server and the outbox stays empty. */
  transport: z.enum(['smtp', 'outbox']),
  messages: z.array(outboxMessageSchema),
});
export type MailOutbox = z.infer<typeof mailOutboxSchema>;

export const policyTeamSchema = z.union([z.uuid(), z.literal(DEFAULT_POLICY_TEAM)]);

export const escalationPolicyBodySchema = z.object({
  /** Minutes the first tier has to acknowledge before the last tier is told. */
  next_tier_minutes: z.number().int().min(1).max(ESCALATION_MINUTES_MAX),
  /** The last tier's e-mail addresses (the on-call clinician, a medical director). */
  last_tier: z.array(z.email().max(254)).max(LAST_TIER_MAX),
});
export type EscalationPolicyBody = z.infer<typeof escalationPolicyBodySchema>;

export const escalationPolicySchema = escalationPolicyBodySchema.extend({
  team_id: policyTeamSchema,
  /** False for the default policy when no admin has set it (it comes from configuration). */
  saved: z.boolean(),
  updated_at: z.string().nullable(),
});
export type EscalationPolicy = z.infer<typeof escalationPolicySchema>;

export const escalationPoliciesSchema = z.object({ policies: z.array(escalationPolicySchema) });

export const recipientSchema = z.object({ email: z.string(), name: z.string().nullable() });
export type Recipient = z.infer<typeof recipientSchema>;

export const criticalRecipientsSchema = z.object({
  team_id: policyTeamSchema,
  /** `ordering_clinician` when an order names a physician whose NPI an account holds. */
  first_tier_rule: z.enum(['ordering_clinician', 'clinicians']),
  first_tier: z.array(recipientSchema),
  next_tier_minutes: z.number().int(),
  last_tier: z.array(recipientSchema),
});
export type CriticalRecipients = z.infer<typeof criticalRecipientsSchema>;

export const NOTICE_STATES = ['sending', 'sent', 'failed'] as const;

export const resultNoticeSchema = z.object({
  tier: z.number().int(),
  recipient: z.string(),
  recipient_name: z.string().nullable(),
  state: z.enum(NOTICE_STATES),
  at: z.string(),
  error: z.string().nullable(),
});

export const resultEscalationSchema = z.object({
  started_at: z.string(),
  state: z.enum(['open', 'stopped']),
  tier: z.number().int(),
  next_step_at: z.string().nullable(),
  stopped_at: z.string().nullable(),
  stop_reason: z.enum(['acknowledged']).nullable(),
  stopped_by: z.string().nullable(),
  notices: z.array(resultNoticeSchema),
});
export type ResultEscalation = z.infer<typeof resultEscalationSchema>;

export const resultNotificationsSchema = z.object({
  escalations: z.array(resultEscalationSchema),
});
export type ResultNotifications = z.infer<typeof resultNotificationsSchema>;

export const notificationPreferencesSchema = z.object({
  critical_results: z.boolean(),
  daily_digest: z.boolean(),
  overdue_orders: z.boolean(),
  parsing_review: z.boolean(),
  /** Quiet mode: no notice as it happens, only the daily digest. */
  digest_only: z.boolean(),
  physician_npi: z
    .string()
    .regex(/^\d{10}$/, 'An NPI has 10 digits.')
    .nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  critical_results: true,
  daily_digest: true,
  overdue_orders: true,
  parsing_review: true,
  digest_only: false,
  physician_npi: null,
};

export const digestCountsSchema = z.object({
  overdue_orders: z.number().int(),
  problem_orders: z.number().int(),
  unmatched_results: z.number().int(),
  unacknowledged_abnormal: z.number().int(),
  parsing_review: z.number().int(),
});
export type DigestCounts = z.infer<typeof digestCountsSchema>;

export const digestSentSchema = z.object({
  recipients: z.number().int(),
  counts: digestCountsSchema,
});

export const accountMailSchema = z.object({
  account_id: z.string(),
  purpose: z.enum(['invitation', 'reset']),
  state: z.enum(['sent', 'refused']),
  error: z.string().nullable(),
  at: z.string(),
});
export type AccountMail = z.infer<typeof accountMailSchema>;
export const accountMailListSchema = z.object({ accounts: z.array(accountMailSchema) });
