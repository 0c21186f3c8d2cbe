/*
 * Continuous glucose monitoring as clinicians read it: the standard summary and the
 * ambulatory glucose profile of the international consensus on CGM metrics (Battelino et
 * al., Diabetes Care 2019;42:1593; GMI from Bergenstal et al., Diabetes Care
 * 2018;41:2275). A lab's fasting range says nothing about a day of monitor data; these do.
 */

export type GlucoseUnit = 'mg/dL' | 'mmol/L';

/** mg/dL per mmol/L for glucose (molar mass 180.16 g/mol). */
export const MG_DL_PER_MMOL_L = 18.016;

/** The consensus thresholds, in mg/dL: very low < 54 ≤ low < 70 ≤ target ≤ 180 < high ≤ 250 < very high. */
export const CGM_THRESHOLDS_MG_DL = { veryLow: 54, low: 70, high: 180, veryHigh: 250 } as const;

/** The consensus's shortest period for a summary, and the share of readings it needs. */
export const CGM_MIN_DAYS = 14;
export const CGM_MIN_SUFFICIENCY_PERCENT = 70;

export interface GlucoseReading {
  /** Epoch milliseconds. */
  at: number;
  value: number;
  /** The patient's offset from UTC at the reading, seconds east (the sample's `timezone_offset`). */
  offsetSeconds?: number | null;
}

export function toMgDl(value: number, unit: GlucoseUnit): number {
  return unit === 'mmol/L' ? value * MG_DL_PER_MMOL_L : value;
}

export function fromMgDl(value: number, unit: GlucoseUnit): number {
  return unit === 'mmol/L' ? value / MG_DL_PER_MMOL_L : value;
}

/** A monitor's unit as samples name it, or null for something that is not a glucose unit. */
export function glucoseUnit(unit: string): GlucoseUnit | null {
  const u = unit.trim().toLowerCase().replace(/\s+/g, '');
  if (u === 'mg/dl') return 'mg/dL';
  if (u === 'mmol/l') return 'mmol/L';
  return null;
}

export interface TimeInRanges {
  /** Percentages of readings, summing to 100 (before rounding). */
  veryLow: number;
  low: number;
  target: number;
  high: number;
  veryHigh: number;
}

export interface CgmSummary {
  readings: number;
  days: number;
  /** The sensor's interval, from the most common gap between readings. */
  intervalMinutes: number;
  /** Readings captured against those the sensor would take over the period. */
  sufficiencyPercent: number;
  /** At least 14 days and 70 % of readings: what the consensus asks before reading the figures. */
  sufficient: boolean;
  meanMgDl: number;
  /** Glucose management indicator, % (an estimate of A1c from the mean). */
  gmiPercent: number;
  /** Coefficient of variation, %; ≤ 36 % is stable. */
  cvPercent: number;
  timeInRanges: TimeInRanges;
}

function mostCommonGapMinutes(sorted: readonly GlucoseReading[]): number {
  const counts = new Map<number, number>();
  for (let i = 1; i < sorted.length; i += 1) {
    const gap = Math.round(((sorted[i]?.at ?? 0) - (sorted[i - 1]?.at ?? 0)) / 60_000);
    if (gap > 0) counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  let best = 15;
  let seen = 0;
  for (const [gap, count] of counts) {
    if (count > seen || (count === seen && gap < best)) {
      best = gap;
      seen = count;
    }
  }
  return best;
}

/**
 * The summary of the readings over `period` (epoch ms, end exclusive), values in `unit`;
 * null when there is no reading.
 */
export function cgmSummary(
  readings: readonly GlucoseReading[],
  unit: GlucoseUnit,
  period: { from: number; to: number },
): CgmSummary | null {
  const inPeriod = readings
    .filter((r) => r.at >= period.from && r.at < period.to && Number.isFinite(r.value))
    .sort((a, b) => a.at - b.at);
  if (inPeriod.length === 0) return null;
  const values = inPeriod.map((r) => toMgDl(r.value, unit));
  const n = values.length;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  const variance = n > 1 ? values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1) : 0;
  const { veryLow, low, high, veryHigh } = CGM_THRESHOLDS_MG_DL;
  const counts = { veryLow: 0, low: 0, target: 0, high: 0, veryHigh: 0 };
  for (const v of values) {
    if (v < veryLow) counts.veryLow += 1;
    else if (v < low) counts.low += 1;
    else if (v <= high) counts.target += 1;
    else if (v <= veryHigh) counts.high += 1;
    else counts.veryHigh += 1;
  }
  const percent = (count: number) => (count / n) * 100;
  const intervalMinutes = mostCommonGapMinutes(inPeriod);
  const minutes = (period.to - period.from) / 60_000;
  const expected = Math.max(1, Math.floor(minutes / intervalMinutes));
  const days = minutes / (24 * 60);
  const sufficiencyPercent = Math.min(100, (n / expected) * 100);
  return {
    readings: n,
    days,
    intervalMinutes,
    sufficiencyPercent,
    sufficient: days >= CGM_MIN_DAYS && sufficiencyPercent >= CGM_MIN_SUFFICIENCY_PERCENT,
    meanMgDl: mean,
    gmiPercent: 3.31 + 0.02392 * mean,
    cvPercent: mean > 0 ? (Math.sqrt(variance) / mean) * 100 : 0,
    timeInRanges: {
      veryLow: percent(counts.veryLow),
      low: percent(counts.low),
      target: percent(counts.target),
      high: percent(counts.high),
      veryHigh: percent(counts.veryHigh),
    },
  };
}

export interface ProfilePoint {
  /** Minutes after the patient's local midnight at the start of the slot. */
  minute: number;
  p5: number;
  p25: number;
  p50: number;
  p75: number;
  p95: number;
}

/** The value below which `p` (0–1) of the sorted values lie, interpolated between neighbours. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (sorted.length - 1) * p;
  const lower = Math.floor(rank);
  const upper = Math.ceil(rank);
  const a = sorted[lower] ?? Number.NaN;
  const b = sorted[upper] ?? a;
  return a + (b - a) * (rank - lower);
}

/**
 * The ambulatory glucose profile: every day of the period laid over one, by the patient's
 * own time of day, and the 5th, 25th, 50th, 75th and 95th percentiles of each `slotMinutes`
 * slot, in mg/dL. Slots without a reading are left out.
 */
export function ambulatoryProfile(
  readings: readonly GlucoseReading[],
  unit: GlucoseUnit,
  slotMinutes = 15,
): ProfilePoint[] {
  const slots = new Map<number, number[]>();
  for (const r of readings) {
    if (!Number.isFinite(r.value)) continue;
    const local = r.at + (r.offsetSeconds ?? 0) * 1000;
    const minuteOfDay = Math.floor((((local / 60_000) % 1440) + 1440) % 1440);
    const slot = Math.floor(minuteOfDay / slotMinutes) * slotMinutes;
    const values = slots.get(slot) ?? [];
    values.push(toMgDl(r.value, unit));
    slots.set(slot, values);
  }
  return [...slots.entries()]
    .sort(([a], [b]) => a - b)
    .map(([minute, values]) => {
      const sorted = values.sort((a, b) => a - b);
      return {
        minute,
        p5: percentile(sorted, 0.05),
        p25: percentile(sorted, 0.25),
        p50: percentile(sorted, 0.5),
        p75: percentile(sorted, 0.75),
        p95: percentile(sorted, 0.95),
      };
    });
}
