/**
 * Date ranges for timeseries queries. The Lab API reads a bare date as 00:00:00 / 23:59:59 in its
 * own reading, so the console sends explicit date-times with the offset of the clinician's time
 * zone: the day the clinician picked is the day that is asked for, across daylight-saving changes.
 *
 * Zone offsets come from the platform (`Intl.DateTimeFormat`), not from a hand-written tz table.
 */

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

export interface QueryRange {
  /** 00:00:00.000 local on the first day, with that instant's offset. */
  readonly start_date: string;
  /** 23:59:59.999 local on the last day (the instant before the next day starts), with its offset. */
  readonly end_date: string;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A valid `YYYY-MM-DD` as the epoch ms of its midnight in UTC (a wall-clock time, no zone). */
function parseIsoDate(date: IsoDate): number {
  const match = ISO_DATE.exec(date);
  if (match) {
    const [, y, m, d] = match.map(Number) as [number, number, number, number];
    const ms = Date.UTC(y, m - 1, d);
    // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
    const at = new Date(ms);
    at.setUTCFullYear(y);
    if (at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d) {
      return at.getTime();
    }
  }
  throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
}

function formatIsoDate(utcMidnight: number): IsoDate {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter giving the wall-clock fields of an instant in `timeZone` (throws on a bad zone). */
function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The offset of `timeZone` from UTC at `instant`, in ms (east positive). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  let beforeChrist = false;
  for (const part of wallClockFormatter(timeZone).formatToParts(instant)) {
    if (part.type === 'era') beforeChrist = part.value === 'BC' || part.value === 'B';
    else if (part.type in fields) fields[part.type as keyof typeof fields] = Number(part.value);
  }
  const wall = new Date(0);
  wall.setUTCFullYear(beforeChrist ? 1 - fields.year : fields.year, fields.month - 1, fields.day);
  wall.setUTCHours(fields.hour, fields.minute, fields.second, 0);
  const wholeSeconds = Math.floor(instant / 1000) * 1000;
  return wall.getTime() - wholeSeconds;
}

/**
 * The first instant whose wall-clock time in `timeZone` is at or after `wall` (a wall-clock time
 * written as UTC epoch ms). Usually the instant showing exactly `wall`; when `wall` falls in a
 * daylight-saving gap, the instant the clocks jump; when it occurs twice, the earlier one.
 */
function firstInstantAtOrAfter(wall: number, timeZone: string): number {
  // Offsets in force around `wall`; transitions are more than a day apart in practice.
  const offsets = new Set([
    zoneOffsetMs(wall - DAY_MS, timeZone),
    zoneOffsetMs(wall, timeZone),
    zoneOffsetMs(wall + DAY_MS, timeZone),
  ]);
  let best = Number.POSITIVE_INFINITY;
  for (const offset of offsets) {
    const instant = wall - offset;
    if (zoneOffsetMs(instant, timeZone) === offset) best = Math.min(best, instant);
  }
  if (best !== Number.POSITIVE_INFINITY) return best;

  // A gap: search for the jump between the candidate instants, to the millisecond.
  const candidates = [...offsets].map((offset) => wall - offset);
  let low = Math.min(...candidates); // shows a wall time before `wall`
  let high = Math.max(...candidates); // shows a wall time after `wall`
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (middle + zoneOffsetMs(middle, timeZone) >= wall) high = middle;
    else low = middle;
  }
  return high;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** `YYYY-MM-DDTHH:mm:ss.sss±HH:MM`: the wall-clock time in `timeZone` and its offset. */
export function formatInZone(instant: number, timeZone: string): string {
  const offset = zoneOffsetMs(instant, timeZone);
  if (offset % 60_000 !== 0) {
    // Old local mean times have offsets in seconds, which ISO 8601 cannot write: use UTC.
    return new Date(instant).toISOString();
  }
  const wall = new Date(instant + offset).toISOString().slice(0, 23);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / 60_000;
  return `${wall}${sign}${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}`;
}

/** The instants starting and ending the local days `startDate`..`endDate` in `timeZone`. */
function rangeInstants(startDate: IsoDate, endDate: IsoDate, timeZone: string) {
  const startWall = parseIsoDate(startDate);
  const endWall = parseIsoDate(endDate);
  if (endWall < startWall) {
    throw new RangeError(`The range ends (${endDate}) before it starts (${startDate})`);
  }
  const start = firstInstantAtOrAfter(startWall, timeZone);
  if (start + zoneOffsetMs(start, timeZone) >= startWall + DAY_MS) {
    // e.g. Pacific/Apia skipped 2011-12-30 entirely.
    throw new RangeError(`${startDate} does not exist in ${timeZone}`);
  }
  const end = firstInstantAtOrAfter(endWall + DAY_MS, timeZone) - 1;
  return { start, end };
}

/**
 * The query range for the local days `startDate`..`endDate` (inclusive) in the IANA `timeZone`:
 * from 00:00:00.000 on the first day to 23:59:59.999 on the last, each with its own offset.
 * New York, 2026-03-08: `2026-03-08T00:00:00.000-05:00` to `2026-03-08T23:59:59.999-04:00`.
 */
export function toQueryRange(startDate: IsoDate, endDate: IsoDate, timeZone: string): QueryRange {
  const { start, end } = rangeInstants(startDate, endDate, timeZone);
  return { start_date: formatInZone(start, timeZone), end_date: formatInZone(end, timeZone) };
}

/**
 * A sentence telling what was asked, e.g. `1 Mar 2026 00:00 – 31 Mar 2026 23:59 (America/New_York)`.
 * Words and order follow `locale` (default `en-GB`); times are those of `timeZone`.
 */
export function describeRange(
  startDate: IsoDate,
  endDate: IsoDate,
  timeZone: string,
  locale = 'en-GB',
): string {
  const { start, end } = rangeInstants(startDate, endDate, timeZone);
  const day = new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const at = (instant: number) => `${day.format(instant)} ${time.format(instant)}`;
  return `${at(start)} – ${at(end)} (${timeZone})`;
}

/** Today's date in `timeZone`, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  const instant = now.getTime();
  const wall = instant + zoneOffsetMs(instant, timeZone);
  return formatIsoDate(wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS));
}

/** The last `days` days up to and including `today`: `{ startDate, endDate }`, both `YYYY-MM-DD`. */
export function defaultRange(
  today: IsoDate,
  days: number,
): { startDate: IsoDate; endDate: IsoDate } {
  if (!Number.isInteger(days) || days < 1) {
    throw new RangeError(`A range has a whole number of days, at least 1 (got ${days})`);
  }
  const end = parseIsoDate(today);
  return { startDate: formatIsoDate(end - (days - 1) * DAY_MS), endDate: today };
}
