import type { SimulateBody } from '../../contract/results';
import {
  analyteBySlug,
  intervalFor,
  PANELS,
  referenceRangeText,
  type Analyte,
  type Sex,
} from './analytes';
import {
  flagsFor,
  naturalZ,
  pullInside,
  pushAbnormal,
  pushCritical,
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
  reportedAt: string;
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

function sexOf(gender: string | null): Sex | null {
  return gender === 'female' || gender === 'male' ? gender : null;
}

/** Numeric values for each analyte, steered to the target interpretation. */
function valuesFor(
  reported: Reported[],
  target: ResultTarget,
  ctx: ResultContext,
): (number | null)[] {
  const sex = sexOf(ctx.sex);
  const draw: Draw = {
    patientKey: ctx.patientKey,
    orderKey: ctx.corrected ? `${ctx.orderId}|corrected` : ctx.orderId,
    at: ctx.collectedAt,
    sex,
  };
  const zs = reported.map(({ analyte }) => (analyte ? naturalZ(analyte, draw) : 0));
  const values = reported.map(({ analyte }, i) =>
    analyte ? valueAt(analyte, zs[i] ?? 0, sex) : null,
  );
  if (target === 'natural') return values;

  // Never more severe than asked: pull everything below the target's level first.
  values.forEach((value, i) => {
    const analyte = reported[i]?.analyte;
    if (!analyte || value === null) return;
    const flag = flagsFor(analyte, value, sex).flag;
    if (target === 'normal' || target === 'unknown' ? flag !== 'normal' : flag === 'critical') {
      values[i] =
        target === 'abnormal'
          ? (pushAbnormal(analyte, zs[i] ?? 0, sex, `${draw.orderKey}|${analyte.slug}|cap`) ??
            pullInside(analyte, value, sex, draw.orderKey))
          : pullInside(analyte, value, sex, `${draw.orderKey}|${analyte.slug}|in`);
    }
  });
  if (target !== 'abnormal' && target !== 'critical') return values;

  const already = values.some((value, i) => {
    const analyte = reported[i]?.analyte;
    return analyte && value !== null && flagsFor(analyte, value, sex).flag === target;
  });
  if (already) return values;
  // The analyte the patient leans on most (largest |z|) that can go where the target needs.
  const order = zs.map((z, i) => ({ z, i })).sort((a, b) => Math.abs(b.z) - Math.abs(a.z));
  for (const { z, i } of order) {
    const analyte = reported[i]?.analyte;
    if (!analyte) continue;
    const key = `${draw.orderKey}|${analyte.slug}|${target}`;
    const pushed =
      target === 'critical' ? pushCritical(analyte, z, key) : pushAbnormal(analyte, z, sex, key);
    if (pushed !== null) {
      values[i] = pushed;
      break;
    }
  }
  return values;
}

function biomarker(
  { marker, analyte }: Reported,
  value: number | null,
  type: string,
  ctx: ResultContext,
) {
  const sex = sexOf(ctx.sex);
  const slug = analyte?.slug ?? slugOf(marker);
  const flags = analyte && value !== null ? flagsFor(analyte, value, sex) : null;
  const flag: Flag = flags?.flag ?? 'normal';
  const interval = analyte ? intervalFor(analyte, sex) : { low: null, high: null };
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
  const reported = all.slice(0, all.length - missingCount);
  const values = valuesFor(reported, target, ctx);
  const count = ctx.status === 'partial' ? Math.ceil(reported.length / 2) : reported.length;
  const shown = reported.slice(0, count);
  const missing = all.slice(all.length - missingCount);

  const results = shown.map((entry, index) =>
    biomarker(
      entry,
      values[index] ?? null,
      types ? (types[index % types.length] ?? 'numeric') : 'numeric',
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
      date_received: ctx.collectedAt,
      status: ctx.status,
      interpretation,
      patient_id: null,
      account_id: null,
    },
    results,
    missing_results: missing.map(({ marker, analyte }) => ({
      name: analyte?.name ?? marker.name,
      slug: analyte?.slug ?? marker.slug ?? null,
      inferred_failure_type: 'quantity_not_sufficient_failure',
      note: 'Sample volume was not sufficient for this marker.',
      loinc: analyte?.loinc ?? null,
      loinc_slug: null,
      provider_id: marker.provider_id ?? null,
      source_markers: [],
    })),
    sample_information: ctx.sampleId
      ? {
          [ctx.sampleId]: {
            sample_id: ctx.sampleId,
            control_number: null,
            date_collected: ctx.collectedAt,
            date_received: ctx.collectedAt,
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
