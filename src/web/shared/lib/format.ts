/** `held_at_customs` → `Held at customs`: how a code we have no words for is shown. */
export function humanize(code: string): string {
  const words = code
    .replace(/[._-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  if (!words) return 'Unknown';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Each formatter is made at its first use, not when this module loads: making one costs
 * tens of milliseconds on a slow phone, every page imports this module, and most pages use
 * two or three of them.
 */
function atFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const dateTimeFormat = atFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);
/** A calendar date has no time zone: format it as the date it names. */
const dateOnlyFormat = atFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }),
);
const dateFormat = atFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment in the user's local time; an unreadable value is shown as it came. */
export function formatDateTime(value: string): string {
  const date = parse(value);
  return date ? dateTimeFormat().format(date) : value;
}

/** A moment given in milliseconds since the epoch, in the user's local time. */
export function formatInstant(ms: number): string {
  return dateTimeFormat().format(ms);
}

/** The day of a moment (local) or of a calendar date (as written). */
export function formatDate(value: string): string {
  const date = parse(value);
  if (!date) return value;
  return DATE_ONLY.test(value) ? dateOnlyFormat().format(date) : dateFormat().format(date);
}

/**
 * A date of birth is a calendar day, even when the Lab API sends it as a date-time
 * (midnight UTC): its date part is shown as written, never shifted to the local zone.
 */
export function formatBirthDate(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  return day ? formatDate(day) : value;
}

const numberFormat = atFirstUse(() => new Intl.NumberFormat());
export function formatCount(value: number): string {
  return numberFormat().format(value);
}

const currencyFormat = atFirstUse(
  () => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }),
);
export function formatPrice(value: number): string {
  return currencyFormat().format(value);
}

function zoned(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone, timeZoneName: 'short' });
  } catch {
    // An unknown zone name: fall back to the viewer's own time.
    return null;
  }
}

/**
 * A moment in the time zone of the place it happens, with the zone named: an
 * appointment at 9:00 in Phoenix is 9:00 MST wherever the viewer sits.
 */
export function formatDateTimeIn(value: string, timeZone: string | null | undefined): string {
  const date = parse(value);
  const format = timeZone
    ? zoned(timeZone, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    : null;
  if (!date || !format) return formatDateTime(value);
  return format.format(date);
}

/** A span of time on one day, in the place's time zone, named once: "9:00 – 9:30 AM MST". */
export function formatTimeRangeIn(
  start: string,
  end: string,
  timeZone: string | null | undefined,
): string {
  const from = parse(start);
  const to = parse(end);
  const format = timeZone ? zoned(timeZone, { hour: 'numeric', minute: '2-digit' }) : null;
  if (!from || !to || !format) return `${formatDateTime(start)} – ${formatDateTime(end)}`;
  return format.formatRange(from, to);
}
