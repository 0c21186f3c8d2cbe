import { uuidFrom } from '../seed/random';

/*
 * What at-home phlebotomy and patient service centre slots have in common (docs/lab-api-facts.md §5, §8):
 * a booking key is the slot itself, JSON in base64url, and cancellation reasons carry
 * stable UUIDs.
 */

export function encodeSlotKey(prefix: string, key: Record<string, string>): string {
  return prefix + Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * The slot a key names (its `fields`, all strings, `start` a date), or null when it is not
 * a key this service issued (a 400).
 */
export function decodeSlotKey<F extends string>(
  prefix: string,
  bookingKey: string,
  fields: readonly F[],
): Record<F | 'start', string> | null {
  if (!bookingKey.startsWith(prefix)) return null;
  try {
    const parsed = JSON.parse(
      Buffer.from(bookingKey.slice(prefix.length), 'base64url').toString('utf8'),
    ) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const values = parsed as Record<string, unknown>;
    const slot: Partial<Record<string, string>> = {};
    for (const field of [...fields, 'start']) {
      const value = values[field];
      if (typeof value !== 'string') return null;
      slot[field] = value;
    }
    if (Number.isNaN(Date.parse(slot.start ?? ''))) return null;
    return slot as Record<F | 'start', string>;
  } catch {
    // Not a key this service issued.
  }
  return null;
}

/** A `TimeSlot` as availability answers list it. */
export const timeSlot = (
  bookingKey: string,
  start: string,
  end: string,
  numAppointmentsAvailable: number,
) => ({
  booking_key: bookingKey,
  start,
  end,
  expires_at: null,
  price: 0,
  is_priority: false,
  num_appointments_available: numAppointmentsAvailable,
});

/** A cancellation reason; the document types reason ids as UUIDs (v4), and cancel takes one. */
export const cancellationReason = (
  namespace: string,
  key: string,
  name: string,
  is_refundable: boolean,
) => ({ id: uuidFrom(`${namespace}:${key}`), name, is_refundable });
