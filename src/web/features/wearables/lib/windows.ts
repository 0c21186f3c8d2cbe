import type { IsoDate } from './dateRange';

/*
 * The Lab API's cursor belongs to one query, but the range is the console's to choose: a long
 * range is asked for as consecutive windows of whole local days, each followed to its last page
 * on its own, a few side by side. Whole days keep every window's bounds those of toQueryRange, so
 * the windows together ask for exactly the instants the single query would.
 */

const DAY_MS = 86_400_000;

export interface DayWindow {
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
}

/** Days of a window: shorter ranges are one window, as splitting them only adds requests. */
export const MIN_WINDOW_DAYS = 7;
/**
 * At most this many windows: a year of minutes is then about 31 days (45,000 samples, 5 pages)
 * per window, few enough partial last pages that the requests stay near the single query's.
 */
export const MAX_WINDOWS = 12;

const toWall = (date: IsoDate) => Date.parse(`${date}T00:00:00Z`);
const toDate = (wall: number): IsoDate => new Date(wall).toISOString().slice(0, 10);

/** The days `startDate`..`endDate` (inclusive) as consecutive windows, oldest first. */
export function splitIntoWindows(
  startDate: IsoDate,
  endDate: IsoDate,
  minDays = MIN_WINDOW_DAYS,
  maxWindows = MAX_WINDOWS,
): DayWindow[] {
  const start = toWall(startDate);
  const end = toWall(endDate);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) {
    throw new RangeError(`Not a range of days: ${startDate} to ${endDate}`);
  }
  const days = Math.round((end - start) / DAY_MS) + 1;
  const count = Math.max(1, Math.min(maxWindows, Math.floor(days / Math.max(1, minDays))));
  const windows: DayWindow[] = [];
  let first = 0;
  for (let i = 0; i < count; i++) {
    // Spread the remainder over the first windows: sizes differ by one day at most.
    const size = Math.floor(days / count) + (i < days % count ? 1 : 0);
    windows.push({
      startDate: toDate(start + first * DAY_MS),
      endDate: toDate(start + (first + size - 1) * DAY_MS),
    });
    first += size;
  }
  return windows;
}

/**
 * Runs `task` for every item with at most `limit` at a time, starting them in order; resolves
 * when all have, rejects at the first failure (the others are left to the caller's abort signal).
 */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}
