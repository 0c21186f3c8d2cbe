import { z } from 'zod';
import { INTERPRETATIONS } from './enums';
import type { Order } from './order';
import { parseOrderStatus } from './status';

/*
 * The results inbox: the console's own record of which results the team has seen. The
 * Lab API knows results; only the console knows who acknowledged which version of them.
 */

export const RESULTS_INBOX_PATH = '/api/results/inbox';
/** The navigation's count: numbers only, no patient data (polled, so not audited per poll). */
export const RESULTS_INBOX_COUNT_PATH = '/api/results/inbox/count';
export const RESULT_ACKNOWLEDGEMENTS_PATH = '/api/results/acknowledgements';
export const RESULT_ACKNOWLEDGEMENTS_BULK_PATH = '/api/results/acknowledgements/bulk';

/** The low-level statuses at which an order carries results a clinician must see. */
export const RESULT_STATUSES = ['partial_results', 'completed', 'corrected'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const RESULT_CRITICAL_ACK_MINUTES_DEFAULT = 60;
export const RESULT_NOTE_MAX = 1000;
export const BULK_ACKNOWLEDGE_MAX = 100;

export interface ResultVersion {
  status: ResultStatus;
  /** The version: the status and the id of the event that brought these results. */
  version: string;
  /** When that event happened: the result's age counts from here. */
  reportedAt: string;
}

/**
 * The version of an order's results, or null when it has none to see. A partial result
 * followed by the final one, or a correction, is a new event and so a new version: an
 * acknowledgement of the earlier one no longer covers it.
 */
export function resultVersion(order: Pick<Order, 'events' | 'last_event'>): ResultVersion | null {
  const status = parseOrderStatus(order.last_event.status).knownLowLevel;
  if (!status || !(RESULT_STATUSES as readonly string[]).includes(status)) return null;
  const events = order.events.length > 0 ? order.events : [order.last_event];
  const latest = [...events]
    .filter((event) => parseOrderStatus(event.status).knownLowLevel === status)
    .sort((a, b) => b.id - a.id)[0];
  const event = latest ?? order.last_event;
  return {
    status: status as ResultStatus,
    version: `${status}:${event.id}`,
    reportedAt: event.created_at,
  };
}

const interpretation = z.enum(INTERPRETATIONS).nullable();

export const inboxItemSchema = z.object({
  order_id: z.string(),
  user_id: z.string(),
  patient_name: z.string(),
  lab_test_id: z.string(),
  lab_test_name: z.string(),
  status: z.enum(RESULT_STATUSES),
  version: z.string(),
  interpretation,
  reported_at: z.string(),
  /** A critical result left unacknowledged longer than the team allows. */
  overdue: z.boolean(),
  /** An earlier version of these results was acknowledged: this one reopened it. */
  reopened: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxFiltersSchema = z.object({
  user_id: z.uuid().optional(),
  interpretation: z.enum(INTERPRETATIONS).optional(),
  lab_test_id: z.string().max(100).optional(),
});
export type InboxFilters = z.infer<typeof inboxFiltersSchema>;

export const inboxResponseSchema = z.object({
  items: z.array(inboxItemSchema),
  /** Unacknowledged results in the whole inbox, whatever the filters: the navigation's count. */
  total: z.number().int(),
  critical: z.number().int(),
  overdue: z.number().int(),
  /** The patients and tests in the whole inbox, for the filters' choices. */
  patients: z.array(z.object({ user_id: z.string(), name: z.string() })),
  lab_tests: z.array(z.object({ id: z.string(), name: z.string() })),
  critical_ack_minutes: z.number().int(),
  /** More results wait than the inbox reads at once. */
  truncated: z.boolean(),
});
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

/** What the navigation's badge shows: how many wait, how many are critical or overdue. */
export const inboxCountSchema = inboxResponseSchema.pick({
  total: true,
  critical: true,
  overdue: true,
});
export type InboxCount = z.infer<typeof inboxCountSchema>;

const note = z.string().trim().max(RESULT_NOTE_MAX).optional();
const acknowledged = z.object({ order_id: z.uuid(), version: z.string().min(1).max(100) });

export const acknowledgeBodySchema = acknowledged.extend({ note });
export type AcknowledgeBody = z.infer<typeof acknowledgeBodySchema>;

export const bulkAcknowledgeBodySchema = z.object({
  items: z.array(acknowledged).min(1).max(BULK_ACKNOWLEDGE_MAX),
  note,
});
export type BulkAcknowledgeBody = z.infer<typeof bulkAcknowledgeBodySchema>;

export const acknowledgementSchema = z.object({
  order_id: z.string(),
  version: z.string(),
  acknowledged_at: z.iso.datetime(),
  acknowledged_by: z.string(),
  note: z.string().nullable(),
});
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;

export const acknowledgementsResponseSchema = z.object({
  acknowledgements: z.array(acknowledgementSchema),
});
