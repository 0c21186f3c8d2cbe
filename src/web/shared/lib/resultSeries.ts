import type { Order } from '../../../contract/order';
import type { BiomarkerResult, LabResultsRaw } from '../../../contract/results';

export type PointFlag = 'critical' | 'high' | 'low' | 'normal';

export interface MarkerPoint {
  /**
   * Epoch milliseconds of the sample: when it was collected (a value belongs to the moment
   * the sample was taken), else the result's timestamp, else the report's.
   */
  t: number;
  value: number;
  /** The text the lab reported ("< 5" stays readable in the table). */
  text: string;
  flag: PointFlag;
  /** Which side of the interval the value lies: a critical value is critically high or low. */
  direction: FlagDirection;
  orderId: string;
}

export interface MarkerSeries {
  key: string;
  name: string;
  unit: string;
  /** The latest reference interval; a band shaded on the chart. */
  min: number | null;
  max: number | null;
  /** The lab's own words for the latest interval ("<200"), when it gave them. */
  reference: string | null;
  points: MarkerPoint[];
}

export interface Report {
  order: Pick<Order, 'id' | 'updated_at'>;
  results: Pick<LabResultsRaw, 'results' | 'metadata'>;
}

/** High, low or critical, from the lab's own flags; colour never says it alone. */
export function pointFlag(result: BiomarkerResult): PointFlag {
  if (result.interpretation === 'critical') return 'critical';
  if (result.is_above_max_range) return 'high';
  if (result.is_below_min_range) return 'low';
  return 'normal';
}

export type FlagDirection = 'high' | 'low' | null;

/**
 * Which side of the interval a result lies on: the lab's own above/below flags, else its
 * abnormal-flag code (HH, H, LL, L, as HL7 writes them), else the value against the interval.
 */
export function flagDirection(result: BiomarkerResult): FlagDirection {
  if (result.is_above_max_range) return 'high';
  if (result.is_below_min_range) return 'low';
  const code = result.source_interpretation?.trim().toUpperCase();
  if (code === 'HH' || code === 'H' || code === '>') return 'high';
  if (code === 'LL' || code === 'L' || code === '<') return 'low';
  const value = numeric(result.result);
  if (value !== null && result.max_range_value != null && value > result.max_range_value)
    return 'high';
  if (value !== null && result.min_range_value != null && value < result.min_range_value)
    return 'low';
  return null;
}

export const FLAG_WORDS: Record<PointFlag, string> = {
  critical: 'Critical',
  high: 'High',
  low: 'Low',
  normal: 'Normal',
};

/** The flag in words with its direction: "Critical low ↓", "High ↑", "Normal". */
export function flagText(flag: PointFlag, direction: FlagDirection): string {
  if (flag === 'normal') return FLAG_WORDS.normal;
  const arrow = direction === 'high' ? ' ↑' : direction === 'low' ? ' ↓' : '';
  if (flag === 'critical') return direction ? `Critical ${direction}${arrow}` : 'Critical';
  return `${FLAG_WORDS[flag]}${arrow}`;
}

export interface FlaggedMarker {
  name: string;
  /** The value with its unit, as the lab reported it: "47 mg/dL". */
  value: string;
  flag: Exclude<PointFlag, 'normal'>;
  direction: FlagDirection;
  /** "Glucose 47 mg/dL, critical low ↓": what an alert or an inbox row names. */
  words: string;
}

/** The markers that made a report abnormal, critical ones first, in the lab's own order. */
export function flaggedMarkers(results: readonly BiomarkerResult[]): FlaggedMarker[] {
  return results
    .map((result) => ({ result, flag: pointFlag(result) }))
    .filter(
      (r): r is { result: BiomarkerResult; flag: FlaggedMarker['flag'] } => r.flag !== 'normal',
    )
    .sort((a, b) => FLAG_ORDER[a.flag] - FLAG_ORDER[b.flag])
    .map(({ result, flag }) => {
      const direction = flagDirection(result);
      const value = result.unit ? `${result.result} ${result.unit}` : result.result;
      return {
        name: result.name,
        value,
        flag,
        direction,
        words: `${result.name} ${value}, ${flagText(flag, direction).toLowerCase()}`,
      };
    });
}

const numeric = (text: string) => {
  const value = Number.parseFloat(text.replace(/^[<>]=?\s*/, ''));
  return Number.isFinite(value) ? value : null;
};

/** Each numeric marker's values across reports, oldest first, keyed by slug (else name). */
export function markerSeries(reports: readonly Report[]): MarkerSeries[] {
  const byKey = new Map<string, MarkerSeries>();
  for (const report of reports) {
    if (!Array.isArray(report.results.results)) continue;
    const reportedAt = Date.parse(report.results.metadata.date_reported ?? report.order.updated_at);
    const collectedAt = Date.parse(report.results.metadata.date_collected ?? '');
    for (const result of report.results.results) {
      const value = numeric(result.result);
      if (value === null) continue;
      const key = result.slug ?? result.name;
      const series = byKey.get(key) ?? {
        key,
        name: result.name,
        unit: result.unit ?? '',
        min: null,
        max: null,
        reference: null,
        points: [],
      };
      const t = collectedAt || Date.parse(result.timestamp ?? '') || reportedAt;
      series.points.push({
        t,
        value,
        text: result.result,
        flag: pointFlag(result),
        direction: flagDirection(result),
        orderId: report.order.id,
      });
      byKey.set(key, series);
    }
  }
  for (const report of reports) {
    if (!Array.isArray(report.results.results)) continue;
    for (const result of report.results.results) {
      const series = byKey.get(result.slug ?? result.name);
      if (!series) continue;
      // Oldest reports first in the loop below is not guaranteed: keep the latest interval.
      const latest = series.points.reduce((a, b) => (b.t > a.t ? b : a));
      if (latest.orderId === report.order.id) {
        series.min = result.min_range_value ?? null;
        series.max = result.max_range_value ?? null;
        series.reference = result.reference_range ?? null;
      }
    }
  }
  return [...byKey.values()]
    .map((s) => ({ ...s, points: [...s.points].sort((a, b) => a.t - b.t) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Values reported before `orderId`'s, newest first: what this result is compared with. */
export function earlierPoints(series: MarkerSeries | undefined, orderId: string): MarkerPoint[] {
  if (!series) return [];
  const own = series.points.find((p) => p.orderId === orderId);
  return series.points
    .filter((p) => p.orderId !== orderId && (own === undefined || p.t < own.t))
    .reverse();
}

/** Round axis ticks spanning the values and the reference band: 5, 10, 20 … apart. */
export function niceTicks(low: number, high: number, count = 4): number[] {
  const span = high - low || Math.abs(high) || 1;
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const start = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let t = start; t <= high + step * 1e-9 || ticks.length < 2; t += step) {
    ticks.push(Number(t.toPrecision(10)));
  }
  if ((ticks.at(-1) ?? high) < high)
    ticks.push(Number((start + ticks.length * step).toPrecision(10)));
  return ticks;
}

export interface LatestValue {
  series: MarkerSeries;
  point: MarkerPoint;
}

const FLAG_ORDER: Record<PointFlag, number> = { critical: 0, high: 1, low: 1, normal: 2 };

/**
 * Each marker's latest value, the patient page's "latest results": what needs a look first
 * (critical, then high or low), then by name.
 */
export function latestPerMarker(series: readonly MarkerSeries[]): LatestValue[] {
  return series
    .flatMap((s) => {
      const point = s.points.reduce<MarkerPoint | undefined>(
        (latest, p) => (latest === undefined || p.t > latest.t ? p : latest),
        undefined,
      );
      return point ? [{ series: s, point }] : [];
    })
    .sort(
      (a, b) =>
        FLAG_ORDER[a.point.flag] - FLAG_ORDER[b.point.flag] ||
        a.series.name.localeCompare(b.series.name),
    );
}
