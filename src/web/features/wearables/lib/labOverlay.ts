import type { FlagDirection, MarkerSeries, PointFlag } from '../../../shared/lib/resultSeries';
import { CGM_THRESHOLDS_MG_DL } from './cgm';
import type { ChartRow } from './chartData';

/*
 * Lab values over a wearable series: the same quantity measured two ways, on one time axis.
 * A continuous glucose monitor reports mmol/L (docs/lab-api-facts.md §11) while the lab reports glucose in
 * mg/dL, so the lab values are converted to the wearable's unit before they share an axis.
 */

/** The key of the lab values' column in the chart rows: no series key has this form. */
export const LAB_KEY = 'lab:value';

/** Which lab markers measure what a wearable resource measures (slug or name, lower case). */
const MATCHES: Record<string, RegExp> = {
  glucose: /^glucose(,? (serum|plasma|fasting))?$/,
  body_weight: /^(body[ -])?weight$/,
  lean_body_mass: /^(lean[ -]body[ -]mass|fat[ -]free[ -]mass)$/,
};

/** 1 mmol/L of glucose (180.16 g/mol) is 18.016 mg/dL. */
const GLUCOSE_MG_DL_PER_MMOL_L = 18.016;
const KG_PER_LB = 0.45359237;

const normalUnit = (unit: string) => unit.trim().toLowerCase().replace(/\s+/g, '');

/** A factor that turns a value in `from` into `to` for this quantity, or null when unknown. */
export function unitFactor(resource: string, from: string, to: string): number | null {
  const a = normalUnit(from);
  const b = normalUnit(to);
  if (a === b) return 1;
  if (resource === 'glucose') {
    if (a === 'mg/dl' && b === 'mmol/l') return 1 / GLUCOSE_MG_DL_PER_MMOL_L;
    if (a === 'mmol/l' && b === 'mg/dl') return GLUCOSE_MG_DL_PER_MMOL_L;
  }
  if (resource === 'body_weight' || resource === 'lean_body_mass') {
    if ((a === 'lb' || a === 'lbs') && b === 'kg') return KG_PER_LB;
    if (a === 'kg' && (b === 'lb' || b === 'lbs')) return 1 / KG_PER_LB;
    if (a === 'g' && b === 'kg') return 0.001;
  }
  return null;
}

/** Whether some lab marker can be drawn over this wearable resource at all. */
export const hasLabMatch = (resource: string) => resource in MATCHES;

/** The lab series that measures this wearable resource, if the patient has one. */
export function matchingMarker(
  resource: string,
  series: readonly MarkerSeries[],
): MarkerSeries | null {
  const pattern = MATCHES[resource];
  if (!pattern) return null;
  return (
    series.find((s) => pattern.test(s.key.toLowerCase().replace(/-/g, ' '))) ??
    series.find((s) => pattern.test(s.name.toLowerCase())) ??
    null
  );
}

export interface LabOverlayPoint {
  t: number;
  /** In the wearable's unit. */
  value: number;
  /** As the lab reported it, in the lab's unit. */
  text: string;
  flag: PointFlag;
  direction: FlagDirection;
  orderId: string;
}

export interface LabOverlay {
  name: string;
  /** The lab's unit, for saying what was converted. */
  labUnit: string;
  /** The wearable's unit: the axis both share. */
  unit: string;
  converted: boolean;
  /**
   * What the shaded band is: the lab's reference interval, or for a glucose monitor the
   * consensus target range (a lab's fasting interval would make every normal after-meal
   * reading look abnormal).
   */
  band: 'reference' | 'monitor-target';
  /** The shaded band in the wearable's unit. */
  min: number | null;
  max: number | null;
  /** The lab's reference interval in the wearable's unit, shaded or not. */
  referenceMin: number | null;
  referenceMax: number | null;
  /** Values inside the time range shown, oldest first. */
  points: LabOverlayPoint[];
  /** Values of the marker outside the range shown. */
  outside: number;
}

const round = (value: number) => Number(value.toPrecision(3));

/** The consensus target range for monitor glucose, 70–180 mg/dL (3.9–10.0 mmol/L: lib/cgm.ts). */
function monitorTarget(unit: string): { min: number; max: number } | null {
  const factor = unitFactor('glucose', 'mg/dL', unit);
  if (factor === null) return null;
  const { low, high } = CGM_THRESHOLDS_MG_DL;
  // One decimal in mmol/L, as the consensus writes it.
  const shown = (v: number) => (factor === 1 ? v : Math.round(v * factor * 10) / 10);
  return { min: shown(low), max: shown(high) };
}

/**
 * The lab values to draw over a wearable series of `resource` in `unit`, between `start`
 * and `end` (epoch ms): null when no marker matches or its unit cannot be converted.
 */
export function labOverlay(
  resource: string,
  unit: string,
  series: readonly MarkerSeries[],
  start: number,
  end: number,
): LabOverlay | null {
  const marker = matchingMarker(resource, series);
  if (!marker) return null;
  const factor = unitFactor(resource, marker.unit, unit);
  if (factor === null) return null;
  const convert = (v: number | null) => (v === null ? null : round(v * factor));
  const inside = marker.points.filter((p) => p.t >= start && p.t <= end);
  const reference = { min: convert(marker.min), max: convert(marker.max) };
  const target = resource === 'glucose' ? monitorTarget(unit) : null;
  return {
    name: marker.name,
    labUnit: marker.unit,
    unit,
    converted: factor !== 1,
    band: target ? 'monitor-target' : 'reference',
    min: target ? target.min : reference.min,
    max: target ? target.max : reference.max,
    referenceMin: reference.min,
    referenceMax: reference.max,
    points: inside.map((p) => ({
      t: p.t,
      value: round(p.value * factor),
      text: p.text,
      flag: p.flag,
      direction: p.direction,
      orderId: p.orderId,
    })),
    outside: marker.points.length - inside.length,
  };
}

/**
 * The chart's rows with the lab values merged in by time, under `LAB_KEY`: one axis, and
 * the brush under the chart zooms both. A lab value at a time no wearable row has gets a row
 * of its own (the lines connect across it).
 */
export function withLabRows(rows: readonly ChartRow[], points: readonly LabOverlayPoint[]) {
  if (points.length === 0) return [...rows];
  const merged: ChartRow[] = rows.map((r) => ({ ...r }));
  for (const point of points) {
    const row = merged.find((r) => r.t === point.t);
    if (row) row[LAB_KEY] = point.value;
    else merged.push({ t: point.t, [LAB_KEY]: point.value });
  }
  return merged.sort((a, b) => a.t - b.t);
}
