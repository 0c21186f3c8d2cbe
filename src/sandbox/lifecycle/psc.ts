import {
  CalendarDateTime,
  fromDate,
  getDayOfWeek,
  parseDate,
  toCalendarDate,
  toZoned,
} from '@internationalized/date';
import { cancellationReason, decodeSlotKey, encodeSlotKey } from './appointments';
import { SERVICE_CENTRES, ZIP_CENTROIDS, type SeedCentre } from '../seed/serviceCentres';

/*
 * Walk-in appointments at patient service centres (docs/lab-api-facts.md §5, §8). Quest's
 * mock offers slots 7 AM to noon Eastern whatever the centre; here a centre offers slots
 * inside its own opening hours, on its own clock, so that no slot is offered that the
 * centre's displayed hours contradict (a Saturday afternoon, a Sunday, 6 AM in Phoenix).
 * Slots last 20 minutes; today's start from the next whole hour. One patient per slot and
 * centre: a slot someone booked is gone from the availability, and booking it again is the
 * sandbox's 400 (the real service answers 404). A booking key is the slot, encoded, with
 * the centre's site code.
 */

const MINUTE = 60_000;
const SLOT_MINUTES = 20;
/** Days of slots one availability answer holds. */
export const PSC_AVAILABILITY_DAYS = 7;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export interface PscSlotKey {
  lab: string;
  site: string;
  start: string;
  end: string;
}

const KEY_PREFIX = 'psc_';

export const encodePscBookingKey = (key: PscSlotKey): string =>
  encodeSlotKey(KEY_PREFIX, { ...key });

/** The slot a key names, or null when it is not a key this service issued (a 400). */
export const decodePscBookingKey = (bookingKey: string): PscSlotKey | null =>
  decodeSlotKey(KEY_PREFIX, bookingKey, ['lab', 'site', 'end']);

/** The calendar date of an instant on a centre's clock. */
export const centreDate = (centre: Pick<SeedCentre, 'timeZone'>, at: Date): string =>
  toCalendarDate(fromDate(at, centre.timeZone)).toString();

/** A centre's opening and closing instants on a date, or null when it is closed that day. */
export function openingHours(
  centre: Pick<SeedCentre, 'hours' | 'timeZone'>,
  date: string,
): { opens: Date; closes: Date } | null {
  const day = parseDate(date);
  const hours = centre.hours[WEEKDAYS[getDayOfWeek(day, 'en-US')] ?? ''] ?? 'closed';
  const span = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(hours);
  if (!span) return null;
  const [, oh = '', om = '', ch = '', cm = ''] = span;
  const at = (h: string, m: string) =>
    toZoned(
      new CalendarDateTime(day.year, day.month, day.day, Number(h), Number(m)),
      centre.timeZone,
    ).toDate();
  return { opens: at(oh, om), closes: at(ch, cm) };
}

/** Slot starts of one day at a centre: within its hours, and from the next whole hour today. */
export function centreSlotStarts(
  centre: Pick<SeedCentre, 'hours' | 'timeZone'>,
  date: string,
  now: Date,
): Date[] {
  if (date < centreDate(centre, now)) return [];
  const hours = openingHours(centre, date);
  if (!hours) return [];
  const nextHour = Math.ceil((now.getTime() + 1) / (60 * MINUTE)) * 60 * MINUTE;
  const starts: Date[] = [];
  for (
    let t = hours.opens.getTime();
    t + SLOT_MINUTES * MINUTE <= hours.closes.getTime();
    t += SLOT_MINUTES * MINUTE
  ) {
    if (t >= nextHour) starts.push(new Date(t));
  }
  return starts;
}

export const slotEnd = (start: Date) => new Date(start.getTime() + SLOT_MINUTES * MINUTE);

/** The dates of the availability window on a centre's clock, from `startDate` (default today). */
export function availabilityDates(
  centre: Pick<SeedCentre, 'timeZone'>,
  now: Date,
  startDate?: string,
): string[] {
  const today = centreDate(centre, now);
  const first = parseDate(startDate && startDate > today ? startDate : today);
  return Array.from({ length: PSC_AVAILABILITY_DAYS }, (_, d) => first.add({ days: d }).toString());
}

/** Great-circle miles, rounded as the document's integer `distance`. */
export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return Math.round(2 * 3958.8 * Math.asin(Math.sqrt(h)));
}

/** The real service lists at most 30 centres. */
const MAX_CENTRES = 30;

/** Centres of a lab within `radius` miles of a ZIP code, nearest first; none for an unknown ZIP. */
export function centresNear(zip: string, radius: number, labId?: number) {
  const origin = ZIP_CENTROIDS[zip.slice(0, 5)];
  if (!origin) return [];
  return SERVICE_CENTRES.filter((c) => labId === undefined || c.labId === labId)
    .map((centre) => ({ centre, distance: milesBetween(origin, centre.location) }))
    .filter((c) => c.distance <= radius)
    .sort((a, b) => a.distance - b.distance || a.centre.siteCode.localeCompare(b.centre.siteCode))
    .slice(0, MAX_CENTRES);
}

export const centreBySite = (siteCode: string) =>
  SERVICE_CENTRES.find((c) => c.siteCode === siteCode);

/** A site code as the labs write them: a letter, five digits, a letter. */
export const SITE_CODE_FORMAT = /^[A-Z]\d{5}[A-Z]$/;

export const booksViaApi = (centre: SeedCentre) =>
  centre.capabilities.includes('appointment_scheduling_via_junction');

/** `ClientFacingLabLocation` of a centre, `distance` miles from where the search started. */
export function labLocation(centre: SeedCentre, distance: number) {
  return {
    metadata: {
      name: centre.name,
      state: centre.state,
      city: centre.city,
      zip_code: centre.zip_code,
      first_line: centre.first_line,
      second_line: null,
      phone_number: centre.phone_number,
      fax_number: null,
      hours: centre.hours,
      website: null,
    },
    distance,
    site_code: centre.siteCode,
    supported_bill_types: centre.supported_bill_types,
    location: centre.location,
    capabilities: centre.capabilities,
  };
}

/** The centre's address as `USAddress`. */
export const centreAddress = (centre: SeedCentre) => ({
  first_line: centre.first_line,
  second_line: null,
  city: centre.city,
  state: centre.state,
  zip_code: centre.zip_code,
  access_notes: null,
});

const reason = (key: string, name: string, is_refundable: boolean) =>
  cancellationReason('psc-cancellation-reason', key, name, is_refundable);

/** PSC visits cost nothing to cancel, so every reason is refundable. */
export const PSC_CANCELLATION_REASONS = [
  reason('patient-unavailable', 'Patient cannot make it', true),
  reason('patient-request', 'Patient asked to cancel', true),
  reason('other-centre', 'Patient prefers another centre', true),
  reason('doctor-request', 'Ordering clinician asked to cancel', true),
  reason('other', 'Other', true),
];
