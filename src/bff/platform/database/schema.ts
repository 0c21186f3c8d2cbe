import type { Generated } from 'kysely';
import type { Role } from '../../../contract';

/** Times are epoch milliseconds: one representation on SQLite and PostgreSQL (bigint). */
export interface ConsoleAccountTable {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Empty when the account has no password (invited, reset, or single sign-on). */
  password_hash: string;
  created_at: number;
  /** Migration 009. */
  status: Generated<'active' | 'invited' | 'disabled'>;
  /** The identity provider's `sub` for single sign-on accounts (migration 009). */
  oidc_subject: string | null;
  /** The last successful sign-in, password or single sign-on (migration 013). */
  last_sign_in_at: number | null;
}

/** A single sign-on attempt in flight (migration 009), keyed by the hash of its cookie. */
export interface SsoAttemptTable {
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  expires_at: number;
}

/** A one-time link to set a password (migration 009); the token is kept as its hash. */
export interface PasswordLinkTable {
  token_hash: string;
  account_id: string;
  purpose: 'invitation' | 'reset';
  created_at: number;
  expires_at: number;
}

export interface SessionTable {
  /** SHA-256 of the cookie token: a copy of the database cannot be replayed as sessions. */
  token_hash: string;
  account_id: string;
  created_at: number;
  last_seen_at: number;
  /**
   * Set when an admin ended the session (the account disabled, its role changed): the
   * session no longer works, and its next call is told why (migration 013).
   */
  ended_reason: string | null;
}

/**
 * Append-only (triggers refuse UPDATE, DELETE, REPLACE and TRUNCATE) and hash-chained
 * (see `auditChain.ts`). Never holds patient values.
 */
export interface AuditEventTable {
  /** Given by the appender, one past the last row's, under the append lock. */
  id: number;
  at: number;
  account_id: string | null;
  account_email: string | null;
  role: string | null;
  /** The allow-list entry, e.g. `GET /v3/order/{order_id}`. */
  action: string;
  record_type: string;
  record_id: string | null;
  /** HTTP status the browser received. */
  outcome: number;
  request_id: string;
  /** The hash of the row before (`GENESIS_HASH` for the first). */
  prev_hash: string;
  /** SHA-256 of this row's canonical encoding and `prev_hash`. */
  hash: string;
  /** The patient (Lab API user id) whose data the call reached (migration 013). */
  patient_id: string | null;
  /** The caller's address, for sign-ins (migration 013). */
  client_address: string | null;
  /** JSON `AuditDetail`: a sign-in's reason, an account change's before and after (013). */
  detail: string | null;
}

/** The patient of an order, learnt from Lab API answers the BFF proxied (migration 013). */
export interface OrderPatientTable {
  order_id: string;
  user_id: string;
  seen_at: number;
}

/** An account's idempotency key and the request it was first used for (migration 003). */
export interface IdempotencyKeyTable {
  account_id: string;
  key_hash: string;
  fingerprint: string;
  state: 'running' | 'done';
  claimed_at: number;
  expires_at: number;
}

export interface ServerSecretTable {
  name: string;
  value: string;
}

export interface AccountLoginFailureTable {
  /** The e-mail tried, lower-cased, whether or not an account has it. */
  email: string;
  at: number;
}

export interface LoginFailureTable {
  address: string;
  at: number;
}

/** A parsing job the console created (the Lab API has no list of jobs). */
export interface ParsingJobRecordTable {
  job_id: string;
  user_id: string;
  account_id: string;
  account_email: string;
  file_name: string;
  report_type: string;
  size_bytes: number;
  /** 0 or 1. */
  needs_human_review: number;
  created_at: number;
}

/** A Lab API webhook delivery, once per svix-id (migration 005); never its body. */
export interface WebhookInboxTable {
  svix_id: string;
  event_type: string;
  record_id: string | null;
  order_id: string | null;
  status: string | null;
  occurred_at: number | null;
  received_at: number;
  state: 'pending' | 'processed' | 'ignored' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  processed_at: number | null;
}

/** The newest status the console knows per record (migration 005). */
export interface RecordStateTable {
  kind: string;
  record_id: string;
  status: string | null;
  updated_at: number | null;
  seen_at: number;
}

/** What browsers were told (migration 005); ids without gaps, in commit order. */
export interface LiveEventTable {
  id: number;
  kind: string;
  record_id: string;
  order_id: string | null;
  status: string | null;
  at: number;
}

export interface JobCursorTable {
  name: string;
  value: string;
  updated_at: number;
}

/** A result version the team acknowledged (migration 008). */
export interface ResultAcknowledgementTable {
  order_id: string;
  version: string;
  account_id: string;
  account_email: string;
  note: string | null;
  acknowledged_at: number;
}

/** A saved view of the orders list, owned by one account (migration 006). */
export interface SavedViewTable {
  id: string;
  account_id: string;
  name: string;
  /** The view's filters as JSON (`SavedViewSearch`). */
  search: string;
  created_at: number;
}

/** A webhook signing secret set by a rotation (management room); the configured one is not here. */
export interface WebhookSigningSecretTable {
  secret: string;
  added_at: number;
  valid_until: number | null;
}

/** A message kept in the console because no SMTP server is configured (migration 013). */
export interface MailOutboxTable {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
}

/** Who is told of a team's unacknowledged criticals after the first tier (migration 013). */
export interface EscalationPolicyTable {
  /** A team's id, or `default` for teams without a policy of their own. */
  team_id: string;
  next_tier_minutes: number;
  /** The last tier's e-mail addresses, as a JSON array. */
  last_tier: string;
  updated_at: number;
  updated_by: string | null;
}

/** One critical result being escalated until it is acknowledged (migration 013). */
export interface CriticalEscalationTable {
  id: string;
  order_id: string;
  critical_at: number;
  detected_at: number;
  team_id: string | null;
  result_version: string | null;
  state: 'open' | 'stopped';
  /** The last tier notified: 0 before the first notice. */
  tier: Generated<number>;
  /** When the next tier is due; null once the last tier was notified. */
  next_step_at: number | null;
  stopped_at: number | null;
  stop_reason: 'acknowledged' | null;
  stopped_by: string | null;
  attempts: Generated<number>;
  last_error: string | null;
}

/** One e-mail notice of an escalation to one person (migration 013). */
export interface CriticalNoticeTable {
  id: string;
  escalation_id: string;
  order_id: string;
  tier: number;
  recipient: string;
  recipient_name: string | null;
  /** `sending` until the mail server answered (or the console restarted before it did). */
  state: 'sending' | 'sent' | 'failed';
  created_at: number;
  settled_at: number | null;
  error: string | null;
}

/** Which notices an account gets (migration 013); no row means the defaults. Booleans are 0/1. */
export interface NotificationPreferenceTable {
  account_id: string;
  critical_results: number;
  daily_digest: number;
  overdue_orders: number;
  parsing_review: number;
  digest_only: number;
  /** The clinician's NPI: orders naming it make this account the first to be told of a critical. */
  physician_npi: string | null;
  updated_at: number;
}

/** The last invitation or reset e-mail of an account and whether it went (migration 013). */
export interface AccountMailTable {
  account_id: string;
  purpose: 'invitation' | 'reset';
  state: 'sent' | 'refused';
  error: string | null;
  at: number;
}

export interface Database {
  mail_outbox: MailOutboxTable;
  escalation_policy: EscalationPolicyTable;
  critical_escalation: CriticalEscalationTable;
  critical_notice: CriticalNoticeTable;
  notification_preference: NotificationPreferenceTable;
  account_mail: AccountMailTable;
  webhook_signing_secret: WebhookSigningSecretTable;
  console_account: ConsoleAccountTable;
  session: SessionTable;
  audit_event: AuditEventTable;
  login_failure: LoginFailureTable;
  parsing_job_record: ParsingJobRecordTable;
  idempotency_key: IdempotencyKeyTable;
  server_secret: ServerSecretTable;
  account_login_failure: AccountLoginFailureTable;
  webhook_inbox: WebhookInboxTable;
  record_state: RecordStateTable;
  live_event: LiveEventTable;
  job_cursor: JobCursorTable;
  result_acknowledgement: ResultAcknowledgementTable;
  saved_view: SavedViewTable;
  password_link: PasswordLinkTable;
  sso_attempt: SsoAttemptTable;
  order_patient: OrderPatientTable;
}
