import { cancellationReason, decodeSlotKey, encodeSlotKey } from './appointments';
import { SERVICE_CENTRES, ZIP_CENTROIDS, type SeedCentre } from '../seed/serviceCentres';

/*
 * Walk-in appointments at patient service centres (docs/lab-api-facts.md §5, §8). Quest's mock slots:
 * today from the next hour until 5 PM Eastern (when it is before 4 PM), later days
 * 7 AM to noon Eastern, every 20 minutes, always in America/New_York. One patient per
 * slot and centre: a slot someone booked is gone from the availability, and booking it
 * again is the sandbox's 400 (the real service answers 404). A booking key is the slot,
 * encoded, with the centre's site code.
 */

export const PSC_TIMEZONE = 'America/New_York';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SLOT_MINUTES = 20;
/** Days of slots one availability answer holds. */
export const PSC_AVAILABILITY_DAYS = 7;

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

/** Minutes to add to New York wall time to get UTC at that instant (300 in winter, 240 in summer). */
function newYorkOffsetMinutes(at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: PSC_TIMEZONE, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-5';
  const hours = Number(/GMT([+-]\d+)/.exec(name)?.[1] ?? '-5');
  return -hours * 60;
}

/** The New York calendar date of an instant. */
export function newYorkDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PSC_TIMEZONE }).format(at);
}

/** The UTC instant of a New York wall-clock time on a date. */
function newYorkTime(date: string, hour: number, minute = 0): Date {
  const guess = new Date(
    `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`,
  );
  return new Date(guess.getTime() + newYorkOffsetMinutes(guess) * MINUTE);
}

/** Slot starts of one New York day, as Quest's mock offers them at `now`. */
export function questSlotStarts(date: string, now: Date): Date[] {
  const today = newYorkDate(now);
  if (date < today) return [];
  const starts: Date[] = [];
  if (date === today) {
    const fourPm = newYorkTime(date, 16);
    if (now >= fourPm) return [];
    // From the next whole hour until 5 PM.
    const nextHour = new Date(Math.ceil((now.getTime() + 1) / (60 * MINUTE)) * 60 * MINUTE);
    for (
      let t = nextHour.getTime();
      t < newYorkTime(date, 17).getTime();
      t += SLOT_MINUTES * MINUTE
    )
      starts.push(new Date(t));
    return starts;
  }
  for (
    let t = newYorkTime(date, 7).getTime();
    t < newYorkTime(date, 12).getTime();
    t += SLOT_MINUTES * MINUTE
  )
    starts.push(new Date(t));
  return starts;
}

export const slotEnd = (start: Date) => new Date(start.getTime() + SLOT_MINUTES * MINUTE);

/** The New York dates of the availability window, from `startDate` (default today). */
export function availabilityDates(now: Date, startDate?: string): string[] {
  const first = startDate && startDate > newYorkDate(now) ? startDate : newYorkDate(now);
  const firstMs = Date.parse(`${first}T12:00:00Z`);
  return Array.from({ length: PSC_AVAILABILITY_DAYS }, (_, d) =>
    new Date(firstMs + d * DAY).toISOString().slice(0, 10),
  );
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
