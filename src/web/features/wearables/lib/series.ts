import type { GroupedTimeseries, TimeseriesResource } from '../../../../contract/timeseries';
import { lttb } from './lttb';
import { zoneOffsetMs } from './dateRange';

/*
 * From Lab API pages to what a chart draws. Samples are gathered per provider and source type
 * (one series each) into typed arrays; lines are downsampled with LTTB to about the chart's
 * pixel width before recharts sees them, count resources are summed per night or day. The full
 * resolution stays in `series.samples` for the table and the export.
 */

/** A sample as the Lab API sent it (the parsed object itself: nothing is copied). */
export interface SeriesSample {
  readonly timestamp: string;
  readonly value: number;
  readonly unit: string;
  /** Seconds east of UTC where the sample was taken: the patient's local time. */
  readonly timezone_offset?: number | null | undefined;
}

export interface Series {
  /** `provider · type`, unique per chart. */
  readonly key: string;
  readonly provider: string;
  readonly sourceType: string;
  readonly unit: string;
  /** Full resolution, oldest first; `x[i]`/`y[i]` are `samples[i]`'s time (epoch ms) and value. */
  readonly samples: readonly SeriesSample[];
  readonly x: Float64Array;
  readonly y: Float64Array;
}

export const seriesKey = (provider: string, sourceType: string) => `${provider} · ${sourceType}`;

interface Growing {
  provider: string;
  sourceType: string;
  samples: SeriesSample[];
  /** Typed-array chunks, one per page, joined once at the end. */
  xs: Float64Array[];
  ys: Float64Array[];
}

/**
 * Gathers pages into one series per provider and source type as they arrive, so the work
 * left when the last page lands is small: a year of minutes is 53 pages of 10,000.
 */
export class SeriesCollector {
  private readonly byKey = new Map<string, Growing>();
  pages = 0;
  samples = 0;

  add(page: GroupedTimeseries): void {
    this.pages++;
    for (const [provider, groups] of Object.entries(page.groups)) {
      for (const group of groups) {
        const sourceType = group.source.type;
        const key = seriesKey(provider, sourceType);
        let entry = this.byKey.get(key);
        if (!entry) {
          entry = { provider, sourceType, samples: [], xs: [], ys: [] };
          this.byKey.set(key, entry);
        }
        // Only numeric samples are charted (a blood-pressure sample has no single value).
        const numeric = group.data.filter((s) => typeof s.value === 'number') as SeriesSample[];
        const n = numeric.length;
        const x = new Float64Array(n);
        const y = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          const sample = numeric[i] as SeriesSample;
          x[i] = Date.parse(sample.timestamp);
          y[i] = sample.value;
          entry.samples.push(sample);
        }
        entry.xs.push(x);
        entry.ys.push(y);
        this.samples += n;
      }
    }
  }

  /** The series, in key order, each oldest first. */
  finish(): Series[] {
    return [...this.byKey.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, e]) => {
        let x = join(e.xs);
        let y = join(e.ys);
        let samples = e.samples;
        if (!isSorted(x)) {
          // Pages usually arrive in time order; sort only when they did not.
          const order = [...x.keys()].sort((a, b) => (x[a] as number) - (x[b] as number));
          samples = order.map((i) => e.samples[i] as SeriesSample);
          x = Float64Array.from(order, (i) => x[i] as number);
          y = Float64Array.from(order, (i) => y[i] as number);
        }
        const unit = samples[0]?.unit ?? '';
        return { key, provider: e.provider, sourceType: e.sourceType, unit, samples, x, y };
      });
  }
}

function join(chunks: readonly Float64Array[]): Float64Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Float64Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function isSorted(x: Float64Array): boolean {
  for (let i = 1; i < x.length; i++) if ((x[i] as number) < (x[i - 1] as number)) return false;
  return true;
}

/** Gathers every page's groups into one series per provider and source type, oldest first. */
export function collectSeries(pages: readonly GroupedTimeseries[]): Series[] {
  const collector = new SeriesCollector();
  for (const page of pages) collector.add(page);
  return collector.finish();
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
 * night (noon to noon, labelled by the evening's date) or day, in the patient's local time
 * (each sample's `timezone_offset`; the clinician's `timeZone` when a sample has none).
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
        // The patient's night: the sample's own offset when it has one, else the clinician's zone.
        const offset = s.samples[i]?.timezone_offset;
        const at = (s.x[i] as number) - shift;
        const day =
          typeof offset === 'number' ? wallDay(at + offset * 1000) : localDayStart(at, timeZone);
        put(day, s.key, s.y[i] as number, true);
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

/** The wall-clock midnight (written as UTC) of the day holding the wall-clock time `wall`. */
function wallDay(wall: number): number {
  return wall - (((wall % 86_400_000) + 86_400_000) % 86_400_000);
}

/** The instant of local midnight (in `timeZone`) of the day holding `instant`, as a wall-clock day key. */
function localDayStart(instant: number, timeZone: string): number {
  // The key is the wall-clock midnight written as UTC: stable and easy to label.
  return wallDay(instant + zoneOffsetMs(instant, timeZone));
}
