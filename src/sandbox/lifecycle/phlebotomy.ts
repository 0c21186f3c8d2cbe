import { cancellationReason, decodeSlotKey, encodeSlotKey, timeSlot } from './appointments';

/*
 * The at-home phlebotomy the local Lab API offers (docs/lab-api-facts.md §5, §8): Getlabs books slots
 * (appointment-ready) in ZIP 85004; PhlebFinders takes requests (appointment-request) in
 * ZIP 54650; nowhere else is served. Slots: the next 14 days, 9:00-15:00 Phoenix time
 * (UTC-7, no daylight saving), hourly. A booking key is the slot itself, encoded.
 */

export const SERVED_ZIPS: Record<
  string,
  {
    provider: 'getlabs' | 'phlebfinders';
    tier: string;
    location: { lng: number; lat: number };
    timezone: string;
  }
> = {
  '85004': {
    provider: 'getlabs',
    tier: 'appointment-ready',
    location: { lng: -112.0715, lat: 33.4515 },
    timezone: 'America/Phoenix',
  },
  '54650': {
    provider: 'phlebfinders',
    tier: 'appointment-request',
    location: { lng: -91.2341, lat: 43.8847 },
    timezone: 'America/Chicago',
  },
};

export interface SlotKey {
  provider: string;
  start: string;
  end: string;
}

export const encodeBookingKey = (key: SlotKey): string => encodeSlotKey('', { ...key });

export const decodeBookingKey = (bookingKey: string): SlotKey | null =>
  decodeSlotKey('', bookingKey, ['provider', 'end']);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PHOENIX_OFFSET_HOURS = 7;

/** Fourteen days of Getlabs slots, starting tomorrow (Phoenix calendar). */
export function getlabsSlots(now: Date, startDate?: string) {
  const first = startDate ? Date.parse(`${startDate}T00:00:00Z`) : now.getTime() + DAY;
  const firstDay = Math.floor(Math.max(first, now.getTime() + DAY) / DAY) * DAY;
  return Array.from({ length: 14 }, (_, d) => {
    const dayMs = firstDay + d * DAY;
    const date = new Date(dayMs).toISOString().slice(0, 10);
    const slots = Array.from({ length: 6 }, (_, h) => {
      const start = new Date(dayMs + (9 + h + PHOENIX_OFFSET_HOURS) * HOUR).toISOString();
      const end = new Date(Date.parse(start) + HOUR).toISOString();
      return timeSlot(encodeBookingKey({ provider: 'getlabs', start, end }), start, end, 2);
    });
    return { location: null, date, slots };
  });
}

const reason = (key: string, name: string, is_refundable: boolean) =>
  cancellationReason('cancellation-reason', key, name, is_refundable);

export const CANCELLATION_REASONS = [
  reason('patient-unavailable', 'Patient is unavailable', true),
  reason('patient-request', 'Patient asked to cancel', true),
  reason('wrong-address', 'Wrong address', true),
  reason('late-cancellation', 'Cancelled less than 24 hours before the visit', false),
  reason('other', 'Other', false),
];
