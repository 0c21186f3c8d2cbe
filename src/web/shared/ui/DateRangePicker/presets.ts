import {
  fromAbsolute,
  parseDate,
  toCalendarDate,
  type CalendarDate,
} from '@internationalized/date';

/*
 * Date presets of the filters: "today" and the last 7 / 30 / 90 days and year, counted in
 * the user's own time zone (a coordinator in Phoenix at 8 pm is still on their today,
 * though it is tomorrow in UTC). Ranges are whole days and include today.
 */

export const DATE_PRESETS = [
  { id: 'today', label: 'Today', days: 1 },
  { id: '7d', label: 'Last 7 days', days: 7 },
  { id: '30d', label: 'Last 30 days', days: 30 },
  { id: '90d', label: 'Last 90 days', days: 90 },
  { id: '1y', label: 'Last year', years: 1 },
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The calendar day it is at `now` in `timeZone` (an IANA name). */
export function todayIn(timeZone: string, now: number = Date.now()): CalendarDate {
  return toCalendarDate(fromAbsolute(now, timeZone));
}

export interface DayRange {
  /** ISO days, `YYYY-MM-DD`, both included. */
  start: string;
  end: string;
}

export function presetRange(preset: DatePreset, today: CalendarDate): DayRange {
  const start =
    'years' in preset
      ? today.subtract({ years: preset.years }).add({ days: 1 })
      : today.subtract({ days: preset.days - 1 });
  return { start: start.toString(), end: today.toString() };
}

/** The preset a range is, if it is one as of `today`. */
export function presetOf(range: DayRange | null, today: CalendarDate): DatePreset | null {
  if (!range) return null;
  return (
    DATE_PRESETS.find((p) => {
      const r = presetRange(p, today);
      return r.start === range.start && r.end === range.end;
    }) ?? null
  );
}

/** A day from the address bar, or null when it is not a real day. */
export function parseDay(value: string | undefined): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}
