import type { SimulateBody } from '../../contract/results';

/*
 * Results the local Lab API makes up for a simulated order, from its lab test's markers.
 * Deterministic per marker (a hash of its slug), so the same test reads the same way each
 * run. Interpretation: normal keeps every marker in range; abnormal puts the first one
 * above range; critical puts it far above. LOINC codes here are made-up placeholders.
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

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619) >>> 0;
  return h;
}

const DEFAULT_TYPES = ['numeric', 'comment', 'range'] as const;

function biomarker(
  marker: ResultMarker,
  type: string,
  flag: 'normal' | 'abnormal' | 'critical',
  ctx: ResultContext,
) {
  const slug = marker.slug ?? marker.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const h = hash(slug);
  const min = 10 + (h % 50);
  const max = min * 2;
  const base = {
    name: marker.name,
    slug,
    unit: marker.unit ?? null,
    timestamp: ctx.reportedAt,
    notes: ctx.corrected ? 'Corrected report' : null,
    loinc: `${10000 + (h % 89999)}-${h % 10}`,
    loinc_slug: slug,
    provider_id: marker.provider_id ?? null,
    source_markers: [],
    performing_laboratory: ctx.labName,
    source_sample_id: ctx.sampleId,
    interpretation: flag,
    // The document types it a string defaulting to '' (no flag from the lab).
    source_interpretation: flag === 'normal' ? '' : flag === 'critical' ? 'HH' : 'H',
  };
  if (type === 'comment') {
    const result = flag === 'normal' ? 'Negative' : 'Positive';
    return {
      ...base,
      type,
      result,
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
  if (type === 'range') {
    const result = flag === 'normal' ? `<${min / 2}` : `>${max * (flag === 'critical' ? 4 : 1)}`;
    return {
      ...base,
      type,
      result,
      value: null,
      reference_range: `<${max}`,
      min_range_value: null,
      max_range_value: max,
      is_above_max_range: flag !== 'normal',
      is_below_min_range: false,
    };
  }
  const value = flag === 'normal' ? (min + max) / 2 : flag === 'abnormal' ? max * 1.25 : max * 3;
  const rounded = Math.round(value * 10) / 10;
  return {
    ...base,
    type,
    result: String(rounded),
    value: rounded,
    reference_range: `${min}-${max}`,
    min_range_value: min,
    max_range_value: max,
    is_above_max_range: flag !== 'normal',
    is_below_min_range: false,
  };
}

/** LabResultsRaw for the markers; partial results report the first half only. */
export function generateResults(
  markers: ResultMarker[],
  options: SimulateBody,
  ctx: ResultContext,
) {
  const interpretation = options.interpretation ?? 'normal';
  const types = options.result_types?.length ? options.result_types : DEFAULT_TYPES;
  const biomarkers = markers.filter((m) => m.type !== 'panel');
  const missingCount = options.has_missing_results
    ? Math.max(1, Math.floor(biomarkers.length / 4))
    : 0;
  const reported = biomarkers.slice(0, biomarkers.length - missingCount);
  const shown =
    ctx.status === 'partial' ? reported.slice(0, Math.ceil(reported.length / 2)) : reported;
  const missing = biomarkers.slice(biomarkers.length - missingCount);

  const results = shown.map((marker, index) => {
    const flag =
      index === 0 && (interpretation === 'abnormal' || interpretation === 'critical')
        ? interpretation
        : 'normal';
    return biomarker(marker, types[index % types.length] ?? 'numeric', flag, ctx);
  });

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
    missing_results: missing.map((marker) => ({
      name: marker.name,
      slug: marker.slug ?? null,
      inferred_failure_type: 'quantity_not_sufficient_failure',
      note: 'Sample volume was not sufficient for this marker.',
      loinc: null,
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
