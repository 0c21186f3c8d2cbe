import type { ChartedTimeseriesSlug, TimeseriesSourceType } from '../../contract/timeseries';
import { PATIENTS } from './patients';
import { a1cOn, meanGlucoseForA1c, storyOf } from './stories';

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

/**
 * The person behind a patient's devices: body, heart, activity and glucose, from their sex,
 * age and story (seed/stories.ts), varied per patient by hashes of their id.
 */
export interface Person {
  weight: number;
  leanMass: number;
  restingHeartRate: number;
  maxHeartRate: number;
  rmssd: number;
  stepsPerHour: number;
  sleepApnea: boolean;
  glucose: GlucoseProfile;
}

/** How a patient's glucose behaves on a monitor, in mg/dL (samples are sent in mmol/L). */
export interface GlucoseProfile {
  /** The level between meals: a function of time for a diabetic (it follows their A1c). */
  base(at: number): number;
  /** The rise after an ordinary meal, at its peak, and how slowly it returns (hours). */
  peak: number;
  settle: number;
  /** Usual meal times, local hours. */
  meals: readonly [number, number, number];
  /** Day-to-day and sensor variation (mg/dL, one standard deviation). */
  dayToDay: number;
  sensor: number;
  /** Insulin-treated: some nights have a low around 03:00. */
  nightLows: boolean;
  /** Diabetes: the early-morning rise of the dawn phenomenon. */
  dawn: number;
}

/** mg/dL per mmol/L for glucose (molar mass 180.16 g/mol). */
export const MG_DL_PER_MMOL_L = 18.016;

const unit = (seed: number, n: number) => noise(seed, n);

/** The mean daily rise the meals add (mg/dL): three meals of A·t·e^(−t/τ), peak A·τ/e. */
function mealShare(peak: number, settle: number): number {
  return (3 * 0.95 * peak * Math.E * settle) / 24;
}

export function personOf(userId: string, now: Date): Person {
  const seed = hashString(`${userId}|person`);
  const patient = PATIENTS.find((p) => p.id === userId);
  const story = storyOf(userId);
  const born = patient ? Date.parse(patient.dob) : Number.NaN;
  const age = Number.isFinite(born) ? (now.getTime() - born) / (365.25 * DAY) : 40;
  const sex = patient?.gender;
  const u = (n: number) => unit(seed, n);
  const minor = age < 18;
  const body =
    story?.body ??
    (minor
      ? { weight: 46 + 8 * u(1), fat: 0.2 + 0.06 * u(2) }
      : sex === 'male'
        ? { weight: 72 + 22 * u(1), fat: 0.16 + 0.1 * u(2) }
        : sex === 'female'
          ? { weight: 57 + 20 * u(1), fat: 0.25 + 0.1 * u(2) }
          : { weight: 62 + 22 * u(1), fat: 0.2 + 0.1 * u(2) });
  const resting = story?.restingHeartRate ?? (minor ? 70 + 8 * u(3) : 56 + 16 * u(3));
  const diabetes = story?.diabetes;
  let glucose: GlucoseProfile;
  if (diabetes) {
    const peak = diabetes.insulin ? 115 : 70 + 20 * u(4);
    const settle = 1.2;
    const dawn = 15;
    // Lows on a few nights pull the mean down a little: the base makes up for it.
    const lows = diabetes.insulin ? 9 : 0;
    const shift = mealShare(peak, settle) + (dawn * 1.5 * Math.sqrt(Math.PI)) / 24 - lows;
    glucose = {
      base: (at) => meanGlucoseForA1c(a1cOn(diabetes, at)) - shift,
      peak,
      settle,
      meals: [7 + u(5), 12.5 + u(6), 18.5 + 1.5 * u(7)],
      dayToDay: diabetes.insulin ? 24 : 14,
      sensor: diabetes.insulin ? 14 : 10,
      nightLows: diabetes.insulin,
      dawn,
    };
  } else {
    const level = 84 + 10 * u(8);
    glucose = {
      base: () => level,
      peak: 28 + 26 * u(9),
      settle: 0.55 + 0.3 * u(10),
      meals: [6.5 + 2 * u(5), 12 + 1.5 * u(6), 18 + 2 * u(7)],
      dayToDay: 4,
      sensor: 5,
      nightLows: false,
      dawn: 0,
    };
  }
  return {
    weight: body.weight,
    leanMass: body.weight * (1 - body.fat),
    restingHeartRate: resting,
    maxHeartRate: 208 - 0.7 * age,
    // RMSSD falls with age (about 60 ms at 20, 25 ms at 70) and with diabetes.
    rmssd: Math.max(16, 72 - 0.7 * age + 10 * (u(11) - 0.5)) * (diabetes ? 0.75 : 1),
    stepsPerHour: story?.body && story.body.fat > 0.3 ? 190 : minor ? 520 : 260 + 380 * u(12),
    sleepApnea: story?.sleepApnea === true,
    glucose,
  };
}

/** Glucose (mg/dL) at a local hour of a day, for a person: meals, dawn, lows and sensor noise. */
function glucoseAt(g: GlucoseProfile, seed: number, at: number, day: number, hour: number) {
  let value = g.base(at) + g.dayToDay * gaussian(seed, day * 16 + 15);
  for (const back of [0, 1]) {
    const d = day - back;
    g.meals.forEach((meal, k) => {
      // Breakfast is skipped now and then; meals move and vary in size from day to day.
      if (k === 0 && noise(seed, d * 16 + 3) < 0.15) return;
      const time = meal + 1.2 * (noise(seed, d * 16 + 4 + k) - 0.5);
      const size = 0.6 + 0.8 * noise(seed, d * 16 + 8 + k);
      const after = hour + 24 * back - time;
      if (after > 0 && after < 8 * g.settle) {
        value += size * g.peak * (after / g.settle) * Math.exp(1 - after / g.settle);
      }
    });
  }
  if (g.dawn > 0) value += g.dawn * Math.exp(-(((hour - 6) / 1.5) ** 2));
  if (g.nightLows && noise(seed, day * 16 + 12) < 0.2) {
    value -= Math.max(0, value - 48) * Math.exp(-(((hour - 3.5) / 1.3) ** 2));
  }
  // The sensor's error drifts over hours rather than jumping between readings.
  const knot = Math.floor(at / HOUR);
  const f = at / HOUR - knot;
  const drift = gaussian(seed, knot) * (1 - f) + gaussian(seed, knot + 1) * f;
  value += g.sensor * drift + 0.3 * g.sensor * gaussian(seed ^ 0x1b873593, Math.floor(at / MINUTE));
  // Sensors read between 40 and 400 mg/dL.
  return Math.min(400, Math.max(40, value));
}

interface StreamSpec {
  provider: string;
  sourceType: TimeseriesSourceType;
  interval: number;
  phase: number;
  duration?: number;
  /** Value from the slot's local time-of-day hour (0–24), day number, slot, instant and seed. */
  value(ctx: {
    hour: number;
    day: number;
    slot: number;
    at: number;
    seed: number;
    person: Person;
  }): number | null;
}

/** The streams each charted resource has, for every patient. */
const SPECS: Record<ChartedTimeseriesSlug, { unit: string; spans?: true; streams: StreamSpec[] }> =
  {
    lean_body_mass: {
      unit: 'kg',
      spans: true,
      streams: [
        // A morning weigh-in on a bioimpedance scale; a slow drift of about a kilogram.
        {
          provider: 'withings',
          sourceType: 'scale',
          interval: DAY,
          phase: 7 * HOUR,
          value: ({ day, slot, seed, person }) =>
            round(person.leanMass + Math.sin(day / 58) * 0.6 + gaussian(seed, slot) * 0.25, 2),
        },
        // A second scale at home that writes to Apple Health: another bioimpedance model,
        // reading a little higher and noisier. Lean mass needs a scale; a watch cannot weigh.
        {
          provider: 'apple_health_kit',
          sourceType: 'scale',
          interval: DAY,
          phase: 9 * HOUR,
          value: ({ day, slot, seed, person }) =>
            round(person.leanMass + 0.6 + Math.sin(day / 58) * 0.6 + gaussian(seed, slot) * 0.5, 2),
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
          value: ({ day, slot, seed, person }) =>
            round(person.weight + Math.sin(day / 58) * 1.1 + gaussian(seed, slot) * 0.4, 2),
        },
      ],
    },
    // Apnea alerts are rare: a 30-minute slot during the night holds one with a small chance,
    // a larger one for a patient with obstructive sleep apnoea.
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
          value: ({ hour, slot, seed, person }) =>
            isNight(hour) && noise(seed, slot) < (person.sleepApnea ? 0.25 : 0.07) ? 1 : null,
        },
        {
          provider: 'withings',
          sourceType: 'unknown',
          interval: 30 * MINUTE,
          phase: 0,
          duration: 2 * MINUTE,
          value: ({ hour, slot, seed, person }) =>
            isNight(hour) && noise(seed, slot) < (person.sleepApnea ? 0.18 : 0.05) ? 1 : null,
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
          value: ({ hour, slot, seed, person }) => {
            const rest = person.restingHeartRate;
            const awake = isNight(hour) ? -4 : 8;
            // Bouts of activity of 45 minutes, at half to three quarters of the heart-rate reserve.
            const bout = Math.floor(slot / 45);
            const effort =
              !isNight(hour) && noise(seed, bout) < 0.08
                ? (0.5 + 0.25 * noise(seed ^ 0x68e31da4, bout)) * (person.maxHeartRate - rest)
                : 0;
            return Math.round(Math.max(38, rest + awake + effort + gaussian(seed, slot) * 3));
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
          value: ({ hour, slot, seed, person }) =>
            isNight(hour)
              ? round(
                  Math.max(
                    5,
                    person.rmssd * (1 + gaussian(seed, slot) * 0.18 + Math.sin(slot / 40) * 0.12),
                  ),
                  1,
                )
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
          value: ({ hour, day, at, seed, person }) =>
            round(glucoseAt(person.glucose, seed, at, day, hour) / MG_DL_PER_MMOL_L, 1),
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
          value: ({ hour, slot, seed, person }) =>
            isNight(hour)
              ? null
              : Math.round(Math.max(0, person.stepsPerHour * (1 + gaussian(seed, slot) * 0.75))),
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
          value: ({ hour, slot, seed, person }) => {
            if (!isNight(hour)) return null;
            // Apnoeas desaturate: a patient with sleep apnoea dips below 90 % now and then.
            const dip = person.sleepApnea && noise(seed ^ 0x2f1e, slot) < 0.15 ? 6 : 0;
            const level = person.sleepApnea ? 94.5 : 96.5;
            return round(Math.min(100, level - dip + gaussian(seed, slot) * 1.2), 1);
          },
        },
      ],
    },
  };

/** 23:00 to 07:00 local. */
function isNight(hour: number): boolean {
  return hour >= 23 || hour < 7;
}

/** Which provider writes which generated resource: every patient's wearable connections. */
export const WEARABLE_SOURCES: readonly { provider: string; resource: ChartedTimeseriesSlug }[] = (
  Object.entries(SPECS) as [ChartedTimeseriesSlug, (typeof SPECS)[ChartedTimeseriesSlug]][]
).flatMap(([resource, spec]) => spec.streams.map((s) => ({ provider: s.provider, resource })));

/** When a user's wearable data begin: their providers were connected then. */
export function wearableHistoryStart(userId: string, now: Date): Date {
  const historyDays = userId === YEAR_OF_MINUTES_PATIENT_ID ? DEMO_HISTORY_DAYS : HISTORY_DAYS;
  const end = Math.floor(now.getTime() / MINUTE) * MINUTE;
  return new Date(end - historyDays * DAY);
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
  const person = personOf(userId, now);
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
        const at = slot * s.interval + s.phase;
        const local = at + timezoneOffset * 1000;
        const day = Math.floor(local / DAY);
        const hour = (local - day * DAY) / HOUR;
        return s.value({ hour, day, slot, at, seed, person });
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
