import type { SimulateBody } from '../../contract/results';
import {
  analyteBySlug,
  intervalFor,
  PANELS,
  referenceRangeText,
  type Analyte,
  type Sex,
} from './analytes';
import { a1cOn, meanGlucoseForA1c, storyOf, type Story } from '../seed/stories';
import {
  flagsFor,
  gaussian,
  naturalZ,
  pullInside,
  pushAbnormal,
  pushCritical,
  round,
  valueAt,
  worstFlag,
  type Draw,
  type Flag,
} from './analyteValues';

/*
 * Results the local Lab API makes up for an order, from its lab test's markers (panels
 * expand into their analytes). Values come from the patient's own set points
 * (analyteValues.ts), so a patient's results agree across orders. A requested
 * interpretation (simulation, or the seed's choice) is honoured: normal pulls every
 * value into its interval, abnormal pushes the analyte the patient leans on most out of
 * it, critical pushes it past a critical limit; `natural` keeps the values as they come.
 * Flags and the order-level interpretation are derived from the values, never set apart.
 */

export interface ResultMarker {
  name: string;
  slug?: string | null;
  unit?: string | null;
  provider_id?: string | null;
  type?: string | null;
}

export interface ResultContext {
  orderId: string;
  /** The patient (user id): set points are the patient's own. */
  patientKey: string;
  sex: string | null;
  sampleId: string | null;
  patientName: string;
  dob: string | null;
  labName: string;
  collectedAt: string;
  /** When the lab received the sample; the collection time when not given. */
  receivedAt?: string;
  reportedAt: string;
  /** A value called to the clinician on this order (the seed's patient stories). */
  acute?: { slug: string; value: number };
  /** `final`, or `partial` for a partial_results step. */
  status: 'final' | 'partial';
  corrected: boolean;
}

/** What to aim at: a simulation's requested interpretation, or the values as they fall. */
export type ResultTarget = NonNullable<SimulateBody['interpretation']> | 'natural';

interface Reported {
  marker: ResultMarker;
  analyte: Analyte | undefined;
}

function slugOf(marker: ResultMarker): string {
  return marker.slug ?? marker.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** The analytes reported for the test's markers, panels expanded, each analyte once. */
function reportedAnalytes(markers: ResultMarker[]): Reported[] {
  const seen = new Set<string>();
  const out: Reported[] = [];
  const add = (marker: ResultMarker, analyte: Analyte | undefined) => {
    const slug = analyte?.slug ?? slugOf(marker);
    if (seen.has(slug)) return;
    seen.add(slug);
    out.push({ marker, analyte });
  };
  for (const marker of markers) {
    const members = PANELS[slugOf(marker)];
    if (members) {
      for (const slug of members) {
        const analyte = analyteBySlug(slug);
        if (analyte)
          add(
            { name: analyte.name, slug, unit: analyte.unit, provider_id: marker.provider_id },
            analyte,
          );
      }
    } else if (marker.type !== 'panel') {
      add(marker, analyteBySlug(slugOf(marker)));
    }
  }
  return out;
}

/** The analytes an order of these markers reports (panels expanded), by slug. */
export function reportedSlugs(markers: ResultMarker[]): string[] {
  return reportedAnalytes(markers).map(({ marker, analyte }) => analyte?.slug ?? slugOf(marker));
}

function sexOf(gender: string | null): Sex | null {
  return gender === 'female' || gender === 'male' ? gender : null;
}

/** The analytes a lab computes from others instead of measuring: never steered directly. */
const DERIVED = new Set(['cholesterol-total', 'protein-total', 'chloride']);
const LDL = 'ldl-cholesterol-calculated';
const TRIGLYCERIDES = 'triglycerides';
/** Friedewald's LDL is not valid from this triglyceride level on (mg/dL). */
const FRIEDEWALD_LIMIT = 400;

function zOf(analyte: Analyte, value: number, sex: Sex | null, age: number | null): number {
  const { center } = intervalFor(analyte, sex, age);
  return analyte.log
    ? Math.log(Math.max(value, 1e-6) / center) / analyte.spread
    : (value - center) / analyte.spread;
}

/**
 * The value as it falls for this patient: the story's usual level where the patient has one
 * (a diabetic's A1c and fasting glucose follow their diabetes), else the personal set point.
 */
function naturalValue(
  analyte: Analyte,
  draw: Draw,
  story: Story | undefined,
  age: number | null,
): number {
  const noise = gaussian(`${draw.orderKey}|${analyte.slug}|draw`);
  const at = Date.parse(draw.at);
  const usual = story?.levels[analyte.slug];
  if (usual) return round(Math.max(usual.level + usual.sd * noise, 0), analyte.decimals);
  if (story?.diabetes && analyte.slug === 'hemoglobin-a1c') {
    return round(a1cOn(story.diabetes, at) + 0.1 * noise, analyte.decimals);
  }
  if (story?.diabetes && analyte.slug === 'glucose') {
    // Fasting glucose sits below the day's mean, which the A1c reflects.
    const mean = meanGlucoseForA1c(a1cOn(story.diabetes, at));
    return round(0.82 * mean + 0.1 * mean * noise, analyte.decimals);
  }
  return valueAt(analyte, naturalZ(analyte, draw), draw.sex, age);
}

/**
 * Values a lab calculates from its measurements, recomputed from the measured ones: total
 * cholesterol is what the lipoproteins add up to (LDL + HDL + TG/5) and the calculated LDL
 * is Friedewald's TC − HDL − TG/5, given only below 400 mg/dL triglycerides; total protein
 * is albumin plus globulin; chloride follows sodium, bicarbonate and an ordinary anion gap.
 */
function derive(
  values: Map<string, number | null>,
  draw: Draw,
  interval: (slug: string) => Pick<Analyte, 'low' | 'high'>,
): void {
  const hdl = values.get('hdl-cholesterol');
  const tg = values.get(TRIGLYCERIDES);
  const ldl = values.get(LDL);
  if (values.has('cholesterol-total') && typeof hdl === 'number' && typeof ldl === 'number') {
    const tc = Math.round(ldl + hdl + (typeof tg === 'number' ? tg / 5 : 22));
    values.set('cholesterol-total', tc);
    values.set(
      LDL,
      typeof tg === 'number' && tg < FRIEDEWALD_LIMIT ? Math.round(tc - hdl - tg / 5) : null,
    );
  } else if (values.has(LDL) && (typeof tg !== 'number' || tg >= FRIEDEWALD_LIMIT)) {
    values.set(LDL, null);
  }
  const albumin = values.get('albumin');
  if (values.has('protein-total') && typeof albumin === 'number') {
    const { low, high } = interval('protein-total');
    let globulin = 2.7 + 0.3 * gaussian(`${draw.orderKey}|globulin`);
    if (low !== null && high !== null) {
      globulin = Math.min(Math.max(globulin, low + 0.1 - albumin), high - 0.1 - albumin);
    }
    values.set('protein-total', round(albumin + Math.max(globulin, 1.5), 1));
  }
  const sodium = values.get('sodium');
  const bicarbonate = values.get('carbon-dioxide-total');
  if (values.has('chloride') && typeof sodium === 'number' && typeof bicarbonate === 'number') {
    const { low, high } = interval('chloride');
    const drawn = 10 + 1.8 * gaussian(`${draw.orderKey}|anion-gap`);
    let gap = Math.min(Math.max(drawn, 6), 16);
    // Keep chloride in its interval when sodium and bicarbonate allow an ordinary gap.
    if (low !== null && high !== null) {
      const least = Math.max(6, sodium - bicarbonate - high);
      const most = Math.min(16, sodium - bicarbonate - low);
      if (least <= most) gap = Math.min(Math.max(gap, least), most);
    }
    values.set('chloride', Math.round(sodium - bicarbonate - gap));
  }
}

/** The analytes a critical is called for first: those that change within hours. */
function criticalCandidates(analyte: Analyte | undefined): number {
  if (analyte?.acute) return 0;
  // An average of three months cannot turn critical within days: the last resort.
  return analyte?.slug === 'hemoglobin-a1c' ? 2 : 1;
}

/** Numeric values for each analyte, steered to the target interpretation. */
function valuesFor(
  reported: Reported[],
  target: ResultTarget,
  ctx: ResultContext,
): (number | null)[] {
  const sex = sexOf(ctx.sex);
  const age = ctx.dob ? ageOn(ctx.dob, ctx.collectedAt) : null;
  const story = storyOf(ctx.patientKey);
  const draw: Draw = {
    patientKey: ctx.patientKey,
    orderKey: ctx.corrected ? `${ctx.orderId}|corrected` : ctx.orderId,
    at: ctx.collectedAt,
    sex,
  };
  const values = reported.map(({ analyte }) =>
    analyte ? naturalValue(analyte, draw, story, age) : null,
  );
  const zs = reported.map(({ analyte }, i) => {
    const value = values[i];
    return analyte && typeof value === 'number' ? zOf(analyte, value, sex, age) : 0;
  });
  const flagOf = (analyte: Analyte, value: number) => flagsFor(analyte, value, sex, age).flag;
  const finish = () => {
    const bySlug = new Map<string, number | null>();
    reported.forEach(({ analyte }, i) => {
      if (analyte) bySlug.set(analyte.slug, values[i] ?? null);
    });
    derive(bySlug, draw, (slug) => {
      const analyte = analyteBySlug(slug);
      return analyte ? intervalFor(analyte, sex, age) : { low: null, high: null };
    });
    return reported.map(({ analyte }, i) =>
      analyte && bySlug.has(analyte.slug)
        ? (bySlug.get(analyte.slug) ?? null)
        : (values[i] ?? null),
    );
  };
  const index = (slug: string) => reported.findIndex((r) => r.analyte?.slug === slug);

  if (ctx.acute) {
    const i = index(ctx.acute.slug);
    if (i >= 0) values[i] = ctx.acute.value;
  }
  if (target === 'natural') return finish();

  // Never more severe than asked: pull everything below the target's level first.
  values.forEach((value, i) => {
    const analyte = reported[i]?.analyte;
    if (!analyte || value === null) return;
    const flag = flagOf(analyte, value);
    if (target === 'normal' || target === 'unknown' ? flag !== 'normal' : flag === 'critical') {
      values[i] =
        target === 'abnormal'
          ? (pushAbnormal(analyte, zs[i] ?? 0, sex, `${draw.orderKey}|${analyte.slug}|cap`, age) ??
            pullInside(analyte, value, sex, draw.orderKey, age))
          : pullInside(analyte, value, sex, `${draw.orderKey}|${analyte.slug}|in`, age);
    }
  });
  if (target === 'normal' || target === 'unknown') {
    // Total cholesterol adds up the lipoproteins: lower LDL until the sum is in range too.
    const ldl = index(LDL);
    const tcAnalyte = analyteBySlug('cholesterol-total');
    const tcHigh = tcAnalyte ? intervalFor(tcAnalyte, sex, age).high : null;
    for (let tries = 0; tries < 3 && ldl >= 0 && tcHigh !== null; tries++) {
      const tc = finish()[index('cholesterol-total')];
      const current = values[ldl];
      if (typeof tc !== 'number' || typeof current !== 'number' || tc <= tcHigh) break;
      values[ldl] = Math.max(current - (tc - tcHigh) - 3, 40);
    }
    return finish();
  }
  const already = finish().some((value, i) => {
    const analyte = reported[i]?.analyte;
    return analyte && value !== null && flagOf(analyte, value) === target;
  });
  if (already) return finish();
  // The story's acute analyte first, in its direction; then analytes that change within hours;
  // then the analyte the patient leans on most (largest |z|) that can go where the target needs.
  const storyAcute = story?.acute;
  const order = zs
    .map((z, i) => {
      const analyte = reported[i]?.analyte;
      const own = analyte !== undefined && storyAcute?.slug === analyte.slug;
      const towards = analyte && storyAcute && own ? zOf(analyte, storyAcute.value, sex, age) : z;
      return {
        z: towards,
        i,
        rank: own ? -1 : target === 'critical' ? criticalCandidates(analyte) : 0,
      };
    })
    .sort((a, b) => a.rank - b.rank || Math.abs(b.z) - Math.abs(a.z));
  for (const { z, i } of order) {
    const analyte = reported[i]?.analyte;
    if (!analyte || DERIVED.has(analyte.slug)) continue;
    const key = `${draw.orderKey}|${analyte.slug}|${target}`;
    const pushed =
      target === 'critical'
        ? pushCritical(analyte, z, key)
        : pushAbnormal(analyte, z, sex, key, age);
    if (pushed !== null) {
      values[i] = pushed;
      break;
    }
  }
  return finish();
}

function biomarker(
  { marker, analyte }: Reported,
  value: number | null,
  type: string,
  ctx: ResultContext,
) {
  const sex = sexOf(ctx.sex);
  const age = ctx.dob ? ageOn(ctx.dob, ctx.collectedAt) : null;
  const slug = analyte?.slug ?? slugOf(marker);
  const flags = analyte && value !== null ? flagsFor(analyte, value, sex, age) : null;
  const flag: Flag = flags?.flag ?? 'normal';
  const interval = analyte ? intervalFor(analyte, sex, age) : { low: null, high: null };
  const base = {
    name: analyte?.name ?? marker.name,
    slug,
    unit: analyte?.unit ?? marker.unit ?? null,
    timestamp: ctx.reportedAt,
    notes: ctx.corrected ? 'Corrected report' : null,
    loinc: analyte?.loinc ?? null,
    loinc_slug: slug,
    provider_id: marker.provider_id ?? null,
    source_markers: [],
    performing_laboratory: ctx.labName,
    source_sample_id: ctx.sampleId,
    interpretation: flag,
    // The document types it a string defaulting to '' (no flag from the lab).
    source_interpretation:
      !flags || flag === 'normal'
        ? ''
        : `${flags.above ? 'H' : 'L'}${flag === 'critical' ? (flags.above ? 'H' : 'L') : ''}`,
  };
  if (type === 'comment') {
    // A qualitative report of the same finding, as labs send for screening results.
    return {
      ...base,
      type,
      result: flag === 'normal' ? 'Negative' : 'Positive',
      // The deprecated `value` is a number or null: text results have none.
      value: null,
      unit: null,
      reference_range: 'Negative',
      min_range_value: null,
      max_range_value: null,
      is_above_max_range: null,
      is_below_min_range: null,
    };
  }
  const decimals = analyte?.decimals ?? 1;
  const reference = referenceRangeText(interval.low, interval.high, decimals);
  if (type === 'range' && value !== null) {
    // Beyond the assay's reportable range: the lab reports a bound, not a number.
    const bound = flags?.below ? `<${value.toFixed(decimals)}` : `>${value.toFixed(decimals)}`;
    return {
      ...base,
      type,
      result: flag === 'normal' ? `<${(interval.high ?? value).toFixed(decimals)}` : bound,
      value: null,
      reference_range: reference,
      min_range_value: interval.low,
      max_range_value: interval.high,
      is_above_max_range: flags?.above ?? null,
      is_below_min_range: flags?.below ?? null,
    };
  }
  return {
    ...base,
    type: 'numeric',
    result: value === null ? '' : value.toFixed(decimals),
    value,
    reference_range: reference,
    min_range_value: interval.low,
    max_range_value: interval.high,
    is_above_max_range: flags?.above ?? null,
    is_below_min_range: flags?.below ?? null,
  };
}

/**
 * LabResultsRaw for the markers; partial results report the first half only. The
 * `interpretation` of the metadata is derived from the reported values.
 */
export function generateResults(
  markers: ResultMarker[],
  options: SimulateBody,
  ctx: ResultContext,
  target: ResultTarget = options.interpretation ?? 'normal',
) {
  const types = options.result_types?.length ? options.result_types : null;
  const all = reportedAnalytes(markers);
  const missingCount = options.has_missing_results ? Math.max(1, Math.floor(all.length / 4)) : 0;
  const measured = all.slice(0, all.length - missingCount);
  const measuredValues = valuesFor(measured, target, ctx);
  // A calculated LDL the lab could not calculate (no triglycerides, or too many) is not a value.
  const notCalculated = measured.filter(
    ({ analyte }, i) => analyte?.slug === LDL && measuredValues[i] === null,
  );
  const reported = measured.filter((entry) => !notCalculated.includes(entry));
  const values = measuredValues.filter((_, i) => !notCalculated.includes(measured[i] as Reported));
  const count = ctx.status === 'partial' ? Math.ceil(reported.length / 2) : reported.length;
  // A partial report carries the calculated LDL only once the triglycerides it comes from are in.
  const shownTriglycerides = reported
    .slice(0, count)
    .some(({ analyte }) => analyte?.slug === TRIGLYCERIDES);
  const shownIndexes = reported
    .map((_, i) => i)
    .slice(0, count)
    .filter((i) => reported[i]?.analyte?.slug !== LDL || shownTriglycerides);
  const missing = all.slice(all.length - missingCount);

  const results = shownIndexes.map((index, position) =>
    biomarker(
      reported[index] as Reported,
      values[index] ?? null,
      types ? (types[position % types.length] ?? 'numeric') : 'numeric',
      ctx,
    ),
  );
  const interpretation =
    target === 'unknown' ? 'unknown' : worstFlag(results.map((r) => r.interpretation));

  return {
    // LabResultsMetadata: age, dob, patient, date_reported and specimen_number are required text.
    metadata: {
      age: ctx.dob ? String(ageOn(ctx.dob, ctx.reportedAt)) : '',
      dob: ctx.dob ?? '',
      'clia_#': '05D0000000',
      patient: ctx.patientName,
      provider: 'Local Lab API',
      laboratory: ctx.labName,
      date_reported: ctx.reportedAt,
      date_collected: ctx.collectedAt,
      specimen_number: ctx.sampleId ?? '',
      date_received: ctx.receivedAt ?? ctx.collectedAt,
      status: ctx.status,
      interpretation,
      patient_id: null,
      account_id: null,
    },
    results,
    missing_results: [
      ...notCalculated.map(({ marker, analyte }) => ({
        name: analyte?.name ?? marker.name,
        slug: analyte?.slug ?? marker.slug ?? null,
        inferred_failure_type: 'non_failure',
        note: missing.some((m) => m.analyte?.slug === TRIGLYCERIDES)
          ? 'Not calculated: triglycerides were not measured.'
          : `Not calculated: triglycerides are ${FRIEDEWALD_LIMIT} mg/dL or more, where the Friedewald calculation does not hold.`,
        loinc: analyte?.loinc ?? null,
        loinc_slug: null,
        provider_id: marker.provider_id ?? null,
        source_markers: [],
      })),
      ...missing.map(({ marker, analyte }) => ({
        name: analyte?.name ?? marker.name,
        slug: analyte?.slug ?? marker.slug ?? null,
        inferred_failure_type: 'quantity_not_sufficient_failure',
        note: 'Sample volume was not sufficient for this marker.',
        loinc: analyte?.loinc ?? null,
        loinc_slug: null,
        provider_id: marker.provider_id ?? null,
        source_markers: [],
      })),
    ],
    sample_information: ctx.sampleId
      ? {
          [ctx.sampleId]: {
            sample_id: ctx.sampleId,
            control_number: null,
            date_collected: ctx.collectedAt,
            date_received: ctx.receivedAt ?? ctx.collectedAt,
            date_reported: ctx.reportedAt,
            performing_laboratories: {},
            clinical_information: null,
          },
        }
      : null,
  };
}

function ageOn(dob: string, at: string): number {
  const birth = new Date(dob);
  const when = new Date(at);
  let age = when.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    when.getUTCMonth() < birth.getUTCMonth() ||
    (when.getUTCMonth() === birth.getUTCMonth() && when.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}
