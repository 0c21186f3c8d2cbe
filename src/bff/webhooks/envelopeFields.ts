import { liveEventKindOf, type WebhookEnvelope } from '../../contract';

/** What the inbox keeps of a delivery: ids, a status word and a time, no patient data. */
export interface InboxFields {
  event_type: string;
  record_id: string | null;
  order_id: string | null;
  status: string | null;
  occurred_at: number | null;
}

/* Values come from a signed delivery but are still bounded before they are stored. */
const MAX_TEXT = 200;

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value.slice(0, MAX_TEXT) : null;
}

function time(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

function nested(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * Picks the record a delivery is about. An order's status is its last event's
 * `<top level>.<method>.<low level>` word (the deprecated top-level `status` only when
 * that is absent); a critical result is keyed by its order.
 */
export function inboxFields(envelope: WebhookEnvelope): InboxFields {
  const data = envelope.data;
  const base = { event_type: envelope.event_type.slice(0, MAX_TEXT) };
  switch (liveEventKindOf(envelope.event_type)) {
    case 'order':
      return {
        ...base,
        record_id: text(data.id),
        order_id: text(data.id),
        status: text(nested(data.last_event, 'status')) ?? text(data.status),
        occurred_at: time(data.updated_at),
      };
    case 'critical_result':
      return {
        ...base,
        record_id: text(data.order_id),
        order_id: text(data.order_id),
        status: text(data.status),
        occurred_at: time(data.updated_at) ?? time(data.created_at),
      };
    case 'appointment':
      return {
        ...base,
        record_id: text(data.id),
        order_id: text(data.order_id),
        status: text(data.event_status) ?? text(data.status),
        occurred_at: time(data.updated_at),
      };
    case 'unmatched_result':
      return {
        ...base,
        record_id: text(data.id),
        order_id: text(data.resolved_order_id),
        status: text(data.status),
        occurred_at: time(data.updated_at),
      };
    case 'parsing_job':
      return {
        ...base,
        record_id: text(data.id),
        order_id: null,
        status: text(data.status),
        occurred_at: time(data.updated_at),
      };
    case null:
      return { ...base, record_id: null, order_id: null, status: null, occurred_at: null };
  }
}
