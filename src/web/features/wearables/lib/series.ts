import type { GroupedTimeseries, TimeseriesResource } from '../../../../contract/timeseries';
import { lttb } from './lttb';
import { zoneOffsetMs } from './dateRange';

/*
 * From Lab API pages to what a chart draws. Samples are gathered per provider and source type
 * (one series each) into typed arrays; lines are downsampled with LTTB to about the chart's
 * pixel width before recharts sees them, count resources are summed per night or day. The full
 * resolution stays in `series.samples` for the table and the export.
 */

export interface SeriesSample {
  /** Epoch ms. */
  readonly t: number;
  readonly timestamp: string;
  readonly value: number;
  readonly unit: string;
}

export interface Series {
  /** `provider · type`, unique per chart. */
  readonly key: string;
  readonly provider: string;
  readonly sourceType: string;
  readonly unit: string;
  /** Full resolution, oldest first. */
  readonly samples: readonly SeriesSample[];
  readonly x: Float64Array;
  readonly y: Float64Array;
}

export const seriesKey = (provider: string, sourceType: string) => `${provider} · ${sourceType}`;

/** Gathers every page's groups into one series per provider and source type, oldest first. */
export function collectSeries(pages: readonly GroupedTimeseries[]): Series[] {
  const byKey = new Map<
    string,
    { provider: string; sourceType: string; samples: SeriesSample[] }
  >();
  for (const page of pages) {
    for (const [provider, groups] of Object.entries(page.groups)) {
      for (const group of groups) {
        const sourceType = group.source.type;
        const key = seriesKey(provider, sourceType);
        let entry = byKey.get(key);
        if (!entry) {
          entry = { provider, sourceType, samples: [] };
          byKey.set(key, entry);
        }
        for (const s of group.data) {
          entry.samples.push({
            t: Date.parse(s.timestamp),
            timestamp: s.timestamp,
            value: s.value,
            unit: s.unit,
          });
        }
      }
    }
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, { provider, sourceType, samples }]) => {
      // Pages usually arrive in time order; sort only when they did not.
      let sorted = true;
      for (let i = 1; i < samples.length && sorted; i++) {
        if ((samples[i] as SeriesSample).t < (samples[i - 1] as SeriesSample).t) sorted = false;
      }
      if (!sorted) samples.sort((a, b) => a.t - b.t);
      const x = new Float64Array(samples.length);
      const y = new Float64Array(samples.length);
      samples.forEach((s, i) => {
        x[i] = s.t;
        y[i] = s.value;
      });
      return { key, provider, sourceType, unit: samples[0]?.unit ?? '', samples, x, y };
    });
}

/** One row of chart data: the time (`t`, epoch ms) and a value per series key. */
export type ChartRow = { t: number } & Record<string, number>;

export interface ChartData {
  readonly kind: 'line' | 'count';
  readonly rows: ChartRow[];
  /** Series with samples, in legend order. */
  readonly keys: string[];
  /** Samples drawn (after downsampling) and samples held. */
  readonly drawn: number;
  readonly total: number;
}

/**
 * Chart-ready rows. Lines: each series downsampled to `width` points (extremes kept), merged
 * by time (a row holds the series that have a point at that time). Counts: events summed per
 * local night (evening to next noon, labelled by the evening's date) or local day.
 */
export function toChartData(
  series: readonly Series[],
  resource: Pick<TimeseriesResource, 'kind' | 'countPer'>,
  width: number,
  timeZone: string,
): ChartData {
  const withData = series.filter((s) => s.samples.length > 0);
  const total = withData.reduce((sum, s) => sum + s.samples.length, 0);
  const keys = withData.map((s) => s.key);
  const rowsByT = new Map<number, ChartRow>();
  const put = (t: number, key: string, value: number, add: boolean) => {
    let row = rowsByT.get(t);
    if (!row) {
      row = { t };
      rowsByT.set(t, row);
    }
    row[key] = add ? (row[key] ?? 0) + value : value;
  };

  if (resource.kind === 'count') {
    const shift = resource.countPer === 'night' ? 12 * 3_600_000 : 0;
    for (const s of withData) {
      for (let i = 0; i < s.x.length; i++) {
        put(localDayStart((s.x[i] as number) - shift, timeZone), s.key, s.y[i] as number, true);
      }
    }
    // Every series has a bar (maybe 0) on every period, so empty nights read as none, not missing.
    for (const row of rowsByT.values()) for (const key of keys) row[key] ??= 0;
  } else {
    const perSeries = Math.max(2, Math.round(width));
    for (const s of withData) {
      const d = lttb(s.x, s.y, perSeries);
      for (let i = 0; i < d.x.length; i++) put(d.x[i] as number, s.key, d.y[i] as number, false);
    }
  }
  const rows = [...rowsByT.values()].sort((a, b) => a.t - b.t);
  const drawn =
    resource.kind === 'count'
      ? rows.length * keys.length
      : rows.reduce((n, r) => n + Object.keys(r).length - 1, 0);
  return { kind: resource.kind, rows, keys, drawn, total };
}

/** The instant of local midnight (in `timeZone`) of the day holding `instant`, as a wall-clock day key. */
function localDayStart(instant: number, timeZone: string): number {
  const wall = instant + zoneOffsetMs(instant, timeZone);
  const day = wall - (((wall % 86_400_000) + 86_400_000) % 86_400_000);
  // The key is the wall-clock midnight written as UTC: stable and easy to label.
  return day;
}
