import type { GroupedTimeseries } from '../../../../contract/timeseries';

/*
 * From Lab API pages to series. A page is folded into typed arrays as soon as it is parsed (in
 * the loading worker), so a year of minutes is a few MB of numbers rather than half a million
 * sample objects; pages are then joined in the order of their windows and cursors.
 */

export interface Series {
  /** `provider · type`, unique per chart. */
  readonly key: string;
  readonly provider: string;
  readonly sourceType: string;
  /** The first sample's unit: what the axis says. */
  readonly unit: string;
  /** Oldest first: time (epoch ms) and value of each sample. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Seconds east of UTC where each sample was taken (the patient's local time); NaN if not sent. */
  readonly offset: Float64Array;
  /** Each sample's unit, as an index into `units`. */
  readonly unitIndex: Uint16Array;
  readonly units: readonly string[];
}

/** One page's samples of one provider and source type: typed arrays, transferable. */
export interface SeriesChunk {
  readonly provider: string;
  readonly sourceType: string;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly offset: Float64Array;
  readonly unitIndex: Uint16Array;
  readonly units: readonly string[];
}

export const seriesKey = (provider: string, sourceType: string) => `${provider} · ${sourceType}`;

/** One chunk per group of the page. Only numeric samples are kept: a blood-pressure sample has no single value. */
export function foldPage(page: GroupedTimeseries): SeriesChunk[] {
  const chunks: SeriesChunk[] = [];
  for (const [provider, groups] of Object.entries(page.groups)) {
    for (const group of groups) {
      const numeric = group.data.filter((s) => typeof s.value === 'number');
      const n = numeric.length;
      const x = new Float64Array(n);
      const y = new Float64Array(n);
      const offset = new Float64Array(n);
      const unitIndex = new Uint16Array(n);
      const units: string[] = [];
      for (let i = 0; i < n; i++) {
        const sample = numeric[i] as (typeof numeric)[number];
        x[i] = Date.parse(sample.timestamp);
        y[i] = sample.value as number;
        offset[i] =
          typeof sample.timezone_offset === 'number' ? sample.timezone_offset : Number.NaN;
        let u = units.indexOf(sample.unit);
        if (u < 0) u = units.push(sample.unit) - 1;
        unitIndex[i] = u;
      }
      chunks.push({ provider, sourceType: group.source.type, x, y, offset, unitIndex, units });
    }
  }
  return chunks;
}

/** The buffers of chunks, for postMessage's transfer list. */
export function chunkBuffers(chunks: readonly SeriesChunk[]): ArrayBuffer[] {
  return chunks.flatMap((c) =>
    [c.x, c.y, c.offset, c.unitIndex].map((a) => a.buffer as ArrayBuffer),
  );
}

/**
 * Joins chunks given oldest first (windows in order, pages of a window in cursor order) into
 * one series per provider and source type, in key order. A source whose chunks are all empty
 * stays, so its empty state can be shown. Samples are sorted only when they arrived out of order.
 */
export function mergeChunks(chunks: readonly SeriesChunk[]): Series[] {
  const byKey = new Map<string, SeriesChunk[]>();
  for (const chunk of chunks) {
    const key = seriesKey(chunk.provider, chunk.sourceType);
    const list = byKey.get(key);
    if (list) list.push(chunk);
    else byKey.set(key, [chunk]);
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, list]) => joinSeries(key, list));
}

function joinSeries(key: string, list: readonly SeriesChunk[]): Series {
  const n = list.reduce((sum, c) => sum + c.x.length, 0);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const offset = new Float64Array(n);
  const unitIndex = new Uint16Array(n);
  const units: string[] = [];
  let at = 0;
  for (const c of list) {
    x.set(c.x, at);
    y.set(c.y, at);
    offset.set(c.offset, at);
    // Each chunk numbers its own units: renumber into the series' list.
    const map = c.units.map((u) => {
      const i = units.indexOf(u);
      return i < 0 ? units.push(u) - 1 : i;
    });
    for (let i = 0; i < c.unitIndex.length; i++)
      unitIndex[at + i] = map[c.unitIndex[i] as number] ?? 0;
    at += c.x.length;
  }
  const first = list[0] as SeriesChunk;
  const series = {
    key,
    provider: first.provider,
    sourceType: first.sourceType,
    unit: units[unitIndex[0] ?? 0] ?? '',
    x,
    y,
    offset,
    unitIndex,
    units,
  };
  return isSorted(x) ? series : sortByTime(series);
}

function isSorted(x: Float64Array): boolean {
  for (let i = 1; i < x.length; i++) if ((x[i] as number) < (x[i - 1] as number)) return false;
  return true;
}

function sortByTime(s: Series): Series {
  const order = Uint32Array.from(s.x.keys()).sort(
    (a, b) => (s.x[a] as number) - (s.x[b] as number),
  );
  const pick = <A extends Float64Array | Uint16Array>(from: A, to: A): A => {
    for (let i = 0; i < order.length; i++) to[i] = from[order[i] as number] as number;
    return to;
  };
  const n = order.length;
  return {
    ...s,
    x: pick(s.x, new Float64Array(n)),
    y: pick(s.y, new Float64Array(n)),
    offset: pick(s.offset, new Float64Array(n)),
    unitIndex: pick(s.unitIndex, new Uint16Array(n)),
    unit: s.units[s.unitIndex[order[0] ?? 0] ?? 0] ?? '',
  };
}

/** Pages folded and joined in the order given: one series per provider and source type. */
export function collectSeries(pages: readonly GroupedTimeseries[]): Series[] {
  return mergeChunks(pages.flatMap(foldPage));
}

export const sampleCount = (series: readonly Series[]) =>
  series.reduce((sum, s) => sum + s.x.length, 0);
