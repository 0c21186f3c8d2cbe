import type { ChartedTimeseriesSlug, TimeseriesSourceType } from '../../contract/timeseries';
import { PATIENTS } from './patients';

/*
 * Wearable timeseries, generated on the fly instead of stored: a year of minute heart rate is
 * 525,600 rows, and paging through it must stay cheap. Every sample is a pure function of
 * (user, provider, resource, slot), where a slot is one step of the stream's fixed grid, so
 * any page can be produced from a slot number alone and the same query always gives the same
 * values. Nothing reads Math.random.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The demo patient with a full year of minute heart rate (Avery Brightwater, demo-patient-001). */
export const YEAR_OF_MINUTES_PATIENT_ID = PATIENTS[0]?.id ?? '';
/** How far back the demo patient's data go; everyone else has 90 days. */
const DEMO_HISTORY_DAYS = 365;
const HISTORY_DAYS = 90;

export interface Sample {
  timestamp: string;
  /** Only resources whose samples the document gives a start and an end (lean body mass, apnea, steps). */
  start?: string;
  end?: string;
  unit: string;
  value: number;
  timezone_offset: number;
  type: null;
}

/** One device's samples of one resource: a grid of slots, some of which hold a sample. */
export interface Stream {
  provider: string;
  sourceType: TimeseriesSourceType;
  unit: string;
  /** The first and last slot numbers (inclusive) with data; slot k starts at k * interval + phase. */
  firstSlot: number;
  lastSlot: number;
  interval: number;
  phase: number;
  /** Interval samples last this long (start..end); 0 for point samples. */
  duration: number;
  /** Whether samples carry `start` and `end`: the document's sample type of the resource has them. */
  spans: boolean;
  /** The sample in slot k, or null when the slot is empty (sparse resources). */
  valueAt(slot: number): number | null;
  timezoneOffset: number;
}

/** FNV-1a over a string: the seed of a stream. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A uniform number in [0, 1) from (seed, n): a murmur3 finaliser, so neighbours are unrelated. */
function noise(seed: number, n: number): number {
  let h = (seed ^ Math.imul(n | 0, 0x9e3779b1) ^ Math.floor(n / 4294967296)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Roughly normal noise (sum of three uniforms), mean 0, standard deviation about 1. */
function gaussian(seed: number, n: number): number {
  return (noise(seed, n) + noise(seed ^ 0x5bd1e995, n) + noise(seed ^ 0x27d4eb2f, n) - 1.5) * 2;
}

const round = (value: number, digits: number) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

/** US standard-time offsets (seconds, east positive); a patient gets one from their id. */
const OFFSETS = [-18_000, -21_600, -25_200, -28_800];

interface StreamSpec {
  provider: string;
  sourceType: TimeseriesSourceType;
  interval: number;
  phase: number;
  duration?: number;
  /** Value from the slot's local time-of-day hour (0–24), day number, slot and seed. */
  value(ctx: {
    hour: number;
    day: number;
    slot: number;
    seed: number;
    base: number;
  }): number | null;
}

/** The streams each charted resource has, for every patient. */
const SPECS: Record<ChartedTimeseriesSlug, { unit: string; spans?: true; streams: StreamSpec[] }> =
  {
    lean_body_mass: {
      unit: 'kg',
      spans: true,
      streams: [
        // A morning weigh-in on the scale; a slow drift of about a kilogram over half a year.
        {
          provider: 'withings',
          sourceType: 'scale',
          interval: DAY,
          phase: 7 * HOUR,
          value: ({ day, slot, seed, base }) =>
            round(base + Math.sin(day / 58) * 0.9 + gaussian(seed, slot) * 0.25, 2),
        },
        // The watch estimates a little high and noisier.
        {
          provider: 'apple_health_kit',
          sourceType: 'watch',
          interval: DAY,
          phase: 9 * HOUR,
          value: ({ day, slot, seed, base }) =>
            round(base + 0.6 + Math.sin(day / 58) * 0.9 + gaussian(seed, slot) * 0.5, 2),
        },
      ],
    },
    body_weight: {
      unit: 'kg',
      streams: [
        {
          provider: 'withings',
          sourceType: 'scale',
          interval: DAY,
          phase: 7 * HOUR,
          value: ({ day, slot, seed, base }) =>
            round(base / 0.74 + Math.sin(day / 58) * 1.4 + gaussian(seed, slot) * 0.4, 2),
        },
      ],
    },
    // Apnea alerts are rare: a 30-minute slot during the night holds one with a small chance.
    sleep_apnea_alert: {
      unit: 'count',
      spans: true,
      streams: [
        {
          provider: 'apple_health_kit',
          sourceType: 'watch',
          interval: 30 * MINUTE,
          phase: 0,
          duration: 2 * MINUTE,
          value: ({ hour, slot, seed }) => (isNight(hour) && noise(seed, slot) < 0.07 ? 1 : null),
        },
        {
          provider: 'withings',
          sourceType: 'unknown',
          interval: 30 * MINUTE,
          phase: 0,
          duration: 2 * MINUTE,
          value: ({ hour, slot, seed }) => (isNight(hour) && noise(seed, slot) < 0.05 ? 1 : null),
        },
      ],
    },
    heartrate: {
      unit: 'bpm',
      streams: [
        {
          provider: 'apple_health_kit',
          sourceType: 'watch',
          interval: MINUTE,
          phase: 0,
          value: ({ hour, slot, seed }) => {
            const asleep = isNight(hour) ? -12 : 0;
            const active = noise(seed, Math.floor(slot / 45)) < 0.08 ? 45 : 0;
            return Math.round(Math.max(42, 66 + asleep + active + gaussian(seed, slot) * 4));
          },
        },
      ],
    },
    hrv: {
      unit: 'rmssd',
      streams: [
        {
          provider: 'oura',
          sourceType: 'ring',
          interval: 5 * MINUTE,
          phase: 0,
          value: ({ hour, slot, seed }) =>
            isNight(hour)
              ? round(48 + gaussian(seed, slot) * 9 + Math.sin(slot / 40) * 6, 1)
              : null,
        },
      ],
    },
    glucose: {
      unit: 'mmol/L',
      streams: [
        {
          provider: 'freestyle_libre',
          sourceType: 'automatic',
          interval: 15 * MINUTE,
          phase: 0,
          value: ({ hour, slot, seed }) => {
            const meals = [7.5, 12.5, 18.5].reduce((sum, meal) => {
              const after = hour - meal;
              return after > 0 && after < 3 ? sum + 2.8 * Math.exp(-after) * after * 1.6 : sum;
            }, 0);
            return round(Math.max(3.2, 5.2 + meals + gaussian(seed, slot) * 0.3), 1);
          },
        },
      ],
    },
    steps: {
      unit: 'count',
      spans: true,
      streams: [
        {
          provider: 'apple_health_kit',
          sourceType: 'phone',
          interval: HOUR,
          phase: 0,
          duration: HOUR,
          value: ({ hour, slot, seed }) =>
            isNight(hour) ? null : Math.round(Math.max(0, 450 + gaussian(seed, slot) * 350)),
        },
      ],
    },
    blood_oxygen: {
      unit: '%',
      streams: [
        {
          provider: 'oura',
          sourceType: 'ring',
          interval: 10 * MINUTE,
          phase: 0,
          value: ({ hour, slot, seed }) =>
            isNight(hour) ? round(Math.min(100, 96.5 + gaussian(seed, slot) * 1.2), 1) : null,
        },
      ],
    },
  };

/** 23:00 to 07:00 local. */
function isNight(hour: number): boolean {
  return hour >= 23 || hour < 7;
}

export function isGeneratedResource(resource: string): resource is ChartedTimeseriesSlug {
  return Object.hasOwn(SPECS, resource);
}

/** The streams of `resource` for `userId` as of `now`, in a fixed order (the paging order). */
export function streamsFor(userId: string, resource: string, now: Date): Stream[] {
  if (!isGeneratedResource(resource)) return [];
  const spec = SPECS[resource];
  const userSeed = hashString(userId);
  const timezoneOffset = OFFSETS[userSeed % OFFSETS.length] ?? 0;
  // Lean body mass of an adult: 42–66 kg, stable for this patient.
  const base = 42 + (userSeed % 2400) / 100;
  const historyDays = userId === YEAR_OF_MINUTES_PATIENT_ID ? DEMO_HISTORY_DAYS : HISTORY_DAYS;
  // The data end at the last whole minute before now and go back exactly historyDays.
  const end = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const begin = end - historyDays * DAY;
  return spec.streams.map((s) => {
    const seed = hashString(`${userId}|${s.provider}|${resource}`);
    return {
      provider: s.provider,
      sourceType: s.sourceType,
      unit: spec.unit,
      interval: s.interval,
      phase: s.phase,
      duration: s.duration ?? 0,
      spans: spec.spans ?? false,
      timezoneOffset,
      firstSlot: Math.ceil((begin - s.phase) / s.interval),
      lastSlot: Math.ceil((end - s.phase) / s.interval) - 1,
      valueAt(slot) {
        const local = slot * s.interval + s.phase + timezoneOffset * 1000;
        const day = Math.floor(local / DAY);
        const hour = (local - day * DAY) / HOUR;
        return s.value({ hour, day, slot, seed, base });
      },
    };
  });
}

const HOUR_MS = 3_600_000;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
let hourStarting = Number.NaN;
let hourPrefix = '';

/**
 * `Date#toISOString` of an instant, with the `YYYY-MM-DDTHH:` part kept from the last call:
 * consecutive samples share their hour, and a year is half a million of them per request.
 */
export function isoTimestamp(at: number): string {
  const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
  if (hour !== hourStarting) {
    hourStarting = hour;
    hourPrefix = new Date(hour).toISOString().slice(0, 14);
  }
  const rest = at - hour;
  const minutes = Math.floor(rest / 60_000);
  const seconds = Math.floor(rest / 1000) % 60;
  return `${hourPrefix}${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(rest % 1000, 3)}Z`;
}

/** The sample in `slot` of `stream`, or null when the slot is empty. */
export function sampleAt(stream: Stream, slot: number): Sample | null {
  const value = stream.valueAt(slot);
  if (value === null) return null;
  const at = slot * stream.interval + stream.phase;
  const timestamp = isoTimestamp(at);
  // Two literal shapes, not a spread: a year is half a million samples, built per request.
  if (!stream.spans) {
    return {
      timestamp,
      unit: stream.unit,
      value,
      timezone_offset: stream.timezoneOffset,
      type: null,
    };
  }
  return {
    timestamp,
    start: timestamp,
    end: isoTimestamp(at + stream.duration),
    unit: stream.unit,
    value,
    timezone_offset: stream.timezoneOffset,
    type: null,
  };
}
