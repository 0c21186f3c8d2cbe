import { zoneOffsetMs } from './dateRange';

/*
 * What a clinician reads of a long range: per hour, day or week of the clinician's clock, the
 * lowest and highest value (a band) and the mean (a line). Zoomed in far enough, every sample
 * again. The bucket is the finest that still gives no more buckets than pixels.
 */

export type BucketUnit = 'hour' | 'day' | 'week';
/** `every`: each sample drawn; `lttb`: at most one a pixel, extremes kept; else buckets. */
export type Resolution = 'every' | 'lttb' | BucketUnit;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const UNIT_MS: Record<BucketUnit, number> = { hour: HOUR, day: DAY, week: 7 * DAY };

/**
 * Under about four days an hourly band is coarser than the line itself: the line is drawn,
 * thinned to one point a pixel when it has more.
 */
const LINE_SPAN_MS = 4 * DAY;

export function chooseResolution(samplesInView: number, spanMs: number, width: number): Resolution {
  if (samplesInView <= width) return 'every';
  if (spanMs < LINE_SPAN_MS) return 'lttb';
  for (const unit of ['hour', 'day'] as const) if (spanMs / UNIT_MS[unit] <= width) return unit;
  return 'week';
}

/** The first index with `x[i] >= t` in the sorted `x` (x.length when none). */
export function lowerBound(x: Float64Array, t: number): number {
  let low = 0;
  let high = x.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((x[middle] as number) < t) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The wall-clock start (written as UTC) of the bucket holding the wall-clock time `wall`. */
function wallBucket(wall: number, unit: BucketUnit): number {
  if (unit === 'hour') return Math.floor(wall / HOUR) * HOUR;
  const day = Math.floor(wall / DAY) * DAY;
  if (unit === 'day') return day;
  // 1 January 1970 was a Thursday: weeks start on Monday.
  const weekday = (((day / DAY + 3) % 7) + 7) % 7;
  return day - weekday * DAY;
}

export interface Buckets {
  /** Instant each bucket starts (the clinician's clock), oldest first. */
  readonly start: Float64Array;
  readonly min: Float64Array;
  readonly max: Float64Array;
  readonly mean: Float64Array;
  readonly count: Uint32Array;
}

/**
 * Min, max, mean and count per bucket of `unit` for the samples with `from <= x < to` (x sorted).
 * Buckets without samples are left out, so a gap in the data stays a gap. The zone is asked
 * once or twice per bucket, not per sample.
 */
export function bucketize(
  x: Float64Array,
  y: Float64Array,
  from: number,
  to: number,
  unit: BucketUnit,
  timeZone: string,
): Buckets {
  const lo = lowerBound(x, from);
  const hi = lowerBound(x, to);
  const capacity = Math.max(0, hi - lo);
  // Never more buckets than samples; trimmed at the end.
  const start = new Float64Array(capacity);
  const min = new Float64Array(capacity);
  const max = new Float64Array(capacity);
  const mean = new Float64Array(capacity);
  const count = new Uint32Array(capacity);
  let k = -1;
  let key = Number.NaN;
  let end = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (let i = lo; i < hi; i++) {
    const t = x[i] as number;
    const v = y[i] as number;
    if (t >= end) {
      const offset = zoneOffsetMs(t, timeZone);
      const next = wallBucket(t + offset, unit);
      // The instant the bucket ends, read with the offset in force then (daylight saving).
      const endGuess = next + UNIT_MS[unit] - offset;
      end = next + UNIT_MS[unit] - zoneOffsetMs(endGuess, timeZone);
      if (next !== key) {
        if (k >= 0) mean[k] = sum / (count[k] as number);
        k++;
        key = next;
        start[k] = next - offset;
        min[k] = v;
        max[k] = v;
        count[k] = 0;
        sum = 0;
      }
    }
    if (v < (min[k] as number)) min[k] = v;
    if (v > (max[k] as number)) max[k] = v;
    count[k] = (count[k] as number) + 1;
    sum += v;
  }
  if (k >= 0) mean[k] = sum / (count[k] as number);
  const n = k + 1;
  return {
    start: start.slice(0, n),
    min: min.slice(0, n),
    max: max.slice(0, n),
    mean: mean.slice(0, n),
    count: count.slice(0, n),
  };
}
