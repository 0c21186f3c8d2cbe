import type { Order } from '../../../../contract/order';
import type { BiomarkerResult, LabResultsRaw } from '../../../../contract/results';

export type PointFlag = 'critical' | 'high' | 'low' | 'normal';

export interface MarkerPoint {
  /** Epoch milliseconds of the sample (the result's timestamp, else the order's report). */
  t: number;
  value: number;
  /** The text the lab reported ("< 5" stays readable in the table). */
  text: string;
  flag: PointFlag;
  orderId: string;
}

export interface MarkerSeries {
  key: string;
  name: string;
  unit: string;
  /** The latest reference interval; a band shaded on the chart. */
  min: number | null;
  max: number | null;
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

export const FLAG_WORDS: Record<PointFlag, string> = {
  critical: 'Critical',
  high: 'High',
  low: 'Low',
  normal: 'Normal',
};

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
        points: [],
      };
      const t = Date.parse(result.timestamp ?? '') || reportedAt;
      series.points.push({
        t,
        value,
        text: result.result,
        flag: pointFlag(result),
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
      }
    }
  }
  return [...byKey.values()]
    .map((s) => ({ ...s, points: [...s.points].sort((a, b) => a.t - b.t) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
