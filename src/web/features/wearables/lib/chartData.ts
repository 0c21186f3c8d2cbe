import type { TimeseriesResource } from '../../../../contract/timeseries';
import { UNIT_MS, bucketize, chooseResolution, lowerBound, type Resolution } from './buckets';
import { zoneOffsetMs } from './dateRange';
import { lttb } from './lttb';
import type { Series } from './series';

/** One row of chart data: the time (`t`, epoch ms) and values per series key. */
export type ChartRow = { t: number } & Record<string, number>;

/** Row fields of a series' band: lowest, highest and number of samples of a bucket. */
export const bandKeys = (key: string) => ({ min: `${key}|min`, max: `${key}|max`, n: `${key}|n` });

/** The instants shown, `from` inclusive, `to` exclusive. */
export interface TimeWindow {
  readonly from: number;
  readonly to: number;
}

export interface ChartData {
  readonly kind: 'line' | 'count';
  /** How lines are drawn: every sample, thinned to the pixels, or per bucket with a band. */
  readonly resolution: Resolution;
  readonly rows: ChartRow[];
  /** Series with samples, in legend order. */
  readonly keys: string[];
  /** Points (or buckets) drawn, and samples held. */
  readonly drawn: number;
  readonly total: number;
  /** What the time axis spans: the view, or the data's first to last sample. */
  readonly domain: TimeWindow | null;
}

/**
 * Chart-ready rows. Lines: in the view (the whole data when none), every sample when there
 * are no more than pixels, else per bucket (hour, day, week) the mean with its min–max band, or
 * at short spans a line thinned with LTTB (extremes kept). Rows are merged by time. Counts:
 * events summed per night (noon to noon, labelled by the evening's date) or day, in the
 * patient's local time (each sample's offset; the clinician's `timeZone` when it has none).
 */
export function toChartData(
  series: readonly Series[],
  resource: Pick<TimeseriesResource, 'kind' | 'countPer'>,
  width: number,
  timeZone: string,
  view: TimeWindow | null = null,
): ChartData {
  const withData = series.filter((s) => s.x.length > 0);
  const total = withData.reduce((sum, s) => sum + s.x.length, 0);
  const keys = withData.map((s) => s.key);
  const rowsByT = new Map<number, ChartRow>();
  const row = (t: number) => {
    let r = rowsByT.get(t);
    if (!r) {
      r = { t };
      rowsByT.set(t, r);
    }
    return r;
  };
  const sorted = () => [...rowsByT.values()].sort((a, b) => a.t - b.t);

  if (resource.kind === 'count') {
    const shift = resource.countPer === 'night' ? 12 * 3_600_000 : 0;
    for (const s of withData) {
      for (let i = 0; i < s.x.length; i++) {
        const offset = s.offset[i] as number;
        const at = (s.x[i] as number) - shift;
        const day = Number.isNaN(offset)
          ? wallDay(at + zoneOffsetMs(at, timeZone))
          : wallDay(at + offset * 1000);
        const r = row(day);
        r[s.key] = (r[s.key] ?? 0) + (s.y[i] as number);
      }
    }
    // Every series has a bar (maybe 0) on every period, so empty nights read as none, not missing.
    const rows = sorted();
    for (const r of rows) for (const key of keys) r[key] ??= 0;
    const domain = rows.length ? { from: rows[0]?.t ?? 0, to: rows.at(-1)?.t ?? 0 } : null;
    return {
      kind: 'count',
      resolution: 'every',
      rows,
      keys,
      drawn: rows.length * keys.length,
      total,
      domain,
    };
  }

  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const s of withData) {
    from = Math.min(from, s.x[0] as number);
    to = Math.max(to, (s.x[s.x.length - 1] as number) + 1);
  }
  if (view) ({ from, to } = view);
  const domain = withData.length ? { from, to } : null;
  let inView = 0;
  for (const s of withData) inView += lowerBound(s.x, to) - lowerBound(s.x, from);
  const resolution = chooseResolution(inView, to - from, Math.max(2, Math.round(width)));

  let drawn = 0;
  for (const s of withData) {
    const lo = lowerBound(s.x, from);
    const hi = lowerBound(s.x, to);
    if (resolution === 'every' || resolution === 'lttb') {
      const x = s.x.subarray(lo, hi);
      const y = s.y.subarray(lo, hi);
      const d = resolution === 'every' ? { x, y } : lttb(x, y, Math.max(2, Math.round(width)));
      for (let i = 0; i < d.x.length; i++) row(d.x[i] as number)[s.key] = d.y[i] as number;
      drawn += d.x.length;
    } else {
      const b = bucketize(s.x, s.y, from, to, resolution, timeZone);
      const band = bandKeys(s.key);
      for (let i = 0; i < b.start.length; i++) {
        const at = b.start[i] as number;
        const before = b.start[i - 1];
        // A bucket without samples gets a row with no value, so the line and band break there
        // instead of bridging missing days (and pages still on their way) with a straight line.
        if (before !== undefined && at - before > 1.5 * UNIT_MS[resolution]) {
          row(before + UNIT_MS[resolution]);
        }
        const r = row(at);
        r[s.key] = b.mean[i] as number;
        r[band.min] = b.min[i] as number;
        r[band.max] = b.max[i] as number;
        r[band.n] = b.count[i] as number;
      }
      drawn += b.start.length;
    }
  }
  return { kind: 'line', resolution, rows: sorted(), keys, drawn, total, domain };
}

/** The wall-clock midnight (written as UTC) of the day holding the wall-clock time `wall`. */
function wallDay(wall: number): number {
  return wall - (((wall % 86_400_000) + 86_400_000) % 86_400_000);
}
