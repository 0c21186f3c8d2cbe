import { intervalFor, type Analyte, type Sex } from './analytes';

/*
 * Values a clinician would believe. Each patient has a personal set point per analyte
 * (a patient with high LDL stays high), drifting slowly over the years, plus the
 * ordinary draw-to-draw variation. Everything is derived from hashes of the patient,
 * analyte and order ids, so the same order always reads the same.
 */

export type Flag = 'normal' | 'abnormal' | 'critical';

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619) >>> 0;
  // A final avalanche so that keys differing in their last character spread widely.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

function uniform(key: string): number {
  return (hash(key) + 0.5) / 2 ** 32;
}

/** A standard normal draw keyed by text (Box–Muller over two keyed uniforms). */
export function gaussian(key: string): number {
  const u1 = uniform(`${key}|a`);
  const u2 = uniform(`${key}|b`);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

const YEAR_MS = 365.25 * 86_400_000;
const EPOCH = Date.UTC(2024, 0, 1);

export interface Draw {
  patientKey: string;
  orderKey: string;
  /** When the sample was collected: the drift is read at this time. */
  at: string;
  sex: Sex | null;
}

/** The analyte's z-score for this patient on this draw. */
export function naturalZ(analyte: Analyte, draw: Draw): number {
  const setPoint = gaussian(`${draw.patientKey}|${analyte.slug}|set`);
  const slopePerYear = 0.25 * gaussian(`${draw.patientKey}|${analyte.slug}|drift`);
  const years = (Date.parse(draw.at) - EPOCH) / YEAR_MS;
  const variation = 0.3 * gaussian(`${draw.orderKey}|${analyte.slug}|draw`);
  return 0.95 * setPoint + slopePerYear * (Number.isFinite(years) ? years : 0) + variation;
}

export function valueAt(
  analyte: Analyte,
  z: number,
  sex: Sex | null,
  age: number | null = null,
): number {
  const { center } = intervalFor(analyte, sex, age);
  const raw = analyte.log ? center * Math.exp(z * analyte.spread) : center + z * analyte.spread;
  return round(Math.max(raw, 10 ** -analyte.decimals), analyte.decimals);
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

export interface Flags {
  flag: Flag;
  above: boolean;
  below: boolean;
}

/** High/low against the patient's interval; critical against the call-the-clinician limits. */
export function flagsFor(
  analyte: Analyte,
  value: number,
  sex: Sex | null,
  age: number | null = null,
): Flags {
  const { low, high } = intervalFor(analyte, sex, age);
  const above = high !== null && value > high;
  const below = low !== null && value < low;
  const critical =
    (analyte.criticalHigh !== undefined && value >= analyte.criticalHigh) ||
    (analyte.criticalLow !== undefined && value <= analyte.criticalLow);
  return { flag: critical ? 'critical' : above || below ? 'abnormal' : 'normal', above, below };
}

/** The order's interpretation: its worst marker's. */
export function worstFlag(flags: readonly Flag[]): Flag {
  if (flags.includes('critical')) return 'critical';
  if (flags.includes('abnormal')) return 'abnormal';
  return 'normal';
}

/** A value inside the interval, on the side the patient leans to. */
export function pullInside(
  analyte: Analyte,
  value: number,
  sex: Sex | null,
  key: string,
  age: number | null = null,
): number {
  const { low, high, center } = intervalFor(analyte, sex, age);
  const margin = 0.1 + 0.3 * uniform(key);
  if (high !== null && value > high)
    return round(high - (high - center) * margin, analyte.decimals);
  if (low !== null && value < low) return round(low + (center - low) * margin, analyte.decimals);
  return value;
}

/** A value outside the interval but short of the critical limit, on the patient's side. */
export function pushAbnormal(
  analyte: Analyte,
  z: number,
  sex: Sex | null,
  key: string,
  age: number | null = null,
): number | null {
  const { low, high, center } = intervalFor(analyte, sex, age);
  const by = 0.08 + 0.3 * uniform(key);
  const upward = high !== null && (z >= 0 || low === null || low <= 0);
  if (upward) {
    let value = high + Math.max((high - center) * by, 10 ** -analyte.decimals);
    if (analyte.criticalHigh !== undefined) value = Math.min(value, analyte.criticalHigh * 0.9);
    value = round(value, analyte.decimals);
    return value > high ? value : null;
  }
  if (low !== null && low > 0) {
    let value =
      low - Math.max((low - (analyte.criticalLow ?? 0)) * by * 0.5, 10 ** -analyte.decimals);
    if (analyte.criticalLow !== undefined) value = Math.max(value, analyte.criticalLow * 1.1);
    value = round(value, analyte.decimals);
    return value < low && value > 0 ? value : null;
  }
  return null;
}

/** A value past a critical limit, on the patient's side where the analyte has one there. */
export function pushCritical(analyte: Analyte, z: number, key: string): number | null {
  const by = uniform(key);
  const high = analyte.criticalHigh;
  const low = analyte.criticalLow;
  if (high !== undefined && (z >= 0 || low === undefined)) {
    return round(high * (1.03 + 0.15 * by), analyte.decimals);
  }
  if (low !== undefined) return round(low * (0.97 - 0.1 * by), analyte.decimals);
  return null;
}
