import { z } from 'zod';
import type { Permission } from './permissions';

/*
 * Webhooks (docs/lab-api-facts.md §12): the Lab API announces every change through Svix-signed
 * deliveries, at least once and in no guaranteed order. The local Lab API sends
 * these shapes and the BFF receives them; neither re-types them.
 */

export const LAB_WEBHOOK_EVENT_TYPES = [
  'labtest.order.created',
  'labtest.order.updated',
  'labtest.result.critical',
  'labtest.appointment.created',
  'labtest.appointment.updated',
  'labtest.match_review.created',
  'labtest.match_review.updated',
  'lab_report.parsing_job.created',
  'lab_report.parsing_job.updated',
] as const;
export type LabWebhookEventType = (typeof LAB_WEBHOOK_EVENT_TYPES)[number];

/** The Svix headers every delivery carries; the id stays the same across redeliveries. */
export const SVIX_HEADERS = {
  id: 'svix-id',
  timestamp: 'svix-timestamp',
  signature: 'svix-signature',
} as const;

/** How far a delivery's timestamp may be from the receiver's clock (Svix's own tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * The provider's retry schedule after a failed attempt (docs/lab-api-facts.md §12), in seconds:
 * immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [0, 5, 300, 1800, 7200, 18000, 36000, 36000] as const;

/**
 * The envelope. Match-review events carry only event_type, team_id and data
 * (docs/lab-api-facts.md §12 [X]), so the ids are optional; client_user_id is a free string
 * because the docs show ULID-like values where the document says uuid.
 */
export const webhookEnvelopeSchema = z.looseObject({
  event_type: z.string(),
  data: z.looseObject({}),
  team_id: z.string(),
  user_id: z.string().optional(),
  client_user_id: z.string().optional(),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

/** `labtest.result.critical` data (docs/lab-api-facts.md §12). */
export const criticalResultEventSchema = z.looseObject({
  order_id: z.string(),
  sample_id: z.string().nullish(),
  status: z.string(),
  interpretation: z.string(),
  team_id: z.string().optional(),
  user_id: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type CriticalResultEvent = z.infer<typeof criticalResultEventSchema>;

/** `labtest.match_review.*` data (docs/lab-api-facts.md §12). */
export const matchReviewEventSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  decision_code: z.string().nullish(),
  sub_reason_codes: z.array(z.string()).nullish(),
  resolution_action: z.string().nullish(),
  resolved_user_id: z.string().nullish(),
  resolved_order_id: z.string().nullish(),
});

/** `POST /v3/order/resend_events` body (document: ResendWebhookBody). */
export const resendEventsSchema = z.looseObject({
  order_ids: z.array(z.string()).nullish(),
  start_at: z.string().nullish(),
  end_at: z.string().nullish(),
});
export type ResendEvents = z.infer<typeof resendEventsSchema>;

/** Its answer (document: ResendWebhookResponse): the orders whose events were sent again. */
export const resendEventsResponseSchema = z.looseObject({
  order_ids: z.array(z.string()),
});

/*
 * Live updates (BFF → browser). A live event names what changed, never patient
 * values: the browser refetches through the allow-listed API, so the role checks
 * and the audit trail apply to what it then reads.
 */

/** Server-Sent Events stream of live events; resumable with `Last-Event-ID`. */
export const LIVE_EVENTS_PATH = '/api/live';
/** Where the Lab API delivers webhooks to the BFF (public, signature-checked, outside `/api`). */
export const WEBHOOK_RECEIVER_PATH = '/webhooks/lab-api';

export const LIVE_EVENT_KINDS = [
  'order',
  'critical_result',
  'appointment',
  'unmatched_result',
  'parsing_job',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export const liveEventSchema = z.object({
  /** Monotonic per deployment; the SSE `id:` so a reconnect resumes after it. */
  id: z.string(),
  kind: z.enum(LIVE_EVENT_KINDS),
  /** The record that changed: an order id, match-review id or parsing-job id. */
  recordId: z.string(),
  /** The order concerned, when there is one (critical results, appointments). */
  orderId: z.string().optional(),
  /** The order's new status (a status word, not a value), so lists can update at once. */
  status: z.string().optional(),
  at: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * Who may hear of each kind: a role gets a live event only about what it may read,
 * so an unmatched result reaches ops alone and a critical result only the roles that
 * read results (clinicians and coordinators).
 */
export const LIVE_EVENT_PERMISSION = {
  order: 'orders.read',
  critical_result: 'results.read',
  appointment: 'orders.read',
  unmatched_result: 'review.read',
  parsing_job: 'reports.read',
} as const satisfies Record<LiveEventKind, Permission>;

/** The webhook event types each live-event kind comes from (the rest are acknowledged, not shown). */
export function liveEventKindOf(eventType: string): LiveEventKind | null {
  if (eventType.startsWith('labtest.order.')) return 'order';
  if (eventType === 'labtest.result.critical') return 'critical_result';
  if (eventType.startsWith('labtest.appointment.')) return 'appointment';
  if (eventType.startsWith('labtest.match_review.')) return 'unmatched_result';
  if (eventType.startsWith('lab_report.parsing_job.')) return 'parsing_job';
  return null;
}

/**
 * A named SSE event (`event: reset`) sent when a reconnect asks to resume from a point
 * the event log no longer holds: the browser should refetch everything it shows.
 */
export const LIVE_RESET_EVENT = 'reset';

/** Admin view of the webhook inbox: processing state and failures (no patient data). */
export const WEBHOOK_INBOX_PATH = '/api/webhooks/inbox';

export const WEBHOOK_INBOX_STATES = ['pending', 'processed', 'ignored', 'failed'] as const;

export const webhookInboxSchema = z.object({
  counts: z.record(z.enum(WEBHOOK_INBOX_STATES), z.number()),
  /** The reconciliation job's last processed point (an updated_at), if it has run. */
  reconciledThrough: z.string().nullable(),
  messages: z.array(
    z.object({
      svixId: z.string(),
      eventType: z.string(),
      recordId: z.string().nullable(),
      state: z.enum(WEBHOOK_INBOX_STATES),
      attempts: z.number(),
      lastError: z.string().nullable(),
      receivedAt: z.string(),
      processedAt: z.string().nullable(),
    }),
  ),
});
export type WebhookInbox = z.infer<typeof webhookInboxSchema>;
