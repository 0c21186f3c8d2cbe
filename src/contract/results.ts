import { z } from 'zod';
import { INTERPRETATIONS, openEnum } from './enums';

export const RESULT_TYPES = ['numeric', 'range', 'comment', 'coded_value'] as const;
export const FAILURE_TYPES = [
  'quantity_not_sufficient_failure',
  'collection_process_failure',
  'drop_off_failure',
  'internal_lab_failure',
  'order_entry_failure',
  'non_failure',
  'unknown_failure',
  'patient_condition_failure',
  'missing_result_calc_failure',
  'missing_demo_aoe_calc_failure',
  'insufficient_volume',
] as const;

/**
 * `POST /v3/order/{order_id}/test` body (sandbox only): all optional, nullable where the
 * document says so; unknown members are ignored, as FastAPI ignores them.
 */
export const simulateBodySchema = z.object({
  interpretation: z.enum(INTERPRETATIONS).optional(),
  result_types: z.array(z.enum(RESULT_TYPES)).nullish(),
  has_missing_results: z.boolean().nullish(),
});
export type SimulateBody = z.infer<typeof simulateBodySchema>;

/** Its query: the full OrderStatus to reach and the seconds between steps. */
export const simulateQuerySchema = z.object({
  final_status: z.string().optional(),
  delay: z.coerce.number().int().min(0).max(3600).optional(),
});
export type SimulateQuery = z.infer<typeof simulateQuerySchema>;

const nullishString = z.string().nullish();
const nullishNumber = z.number().nullish();

export const biomarkerResultSchema = z.looseObject({
  name: z.string(),
  slug: nullishString,
  /** Deprecated in favour of `result`. */
  value: z.unknown().optional(),
  result: z.string(),
  type: openEnum(RESULT_TYPES),
  unit: nullishString,
  timestamp: nullishString,
  notes: nullishString,
  reference_range: nullishString,
  min_range_value: nullishNumber,
  max_range_value: nullishNumber,
  is_above_max_range: z.boolean().nullish(),
  is_below_min_range: z.boolean().nullish(),
  interpretation: openEnum(INTERPRETATIONS).nullish(),
  source_interpretation: nullishString,
  loinc: nullishString,
  loinc_slug: nullishString,
  provider_id: nullishString,
  source_markers: z.array(z.unknown()).nullish(),
  performing_laboratory: nullishString,
  source_sample_id: nullishString,
});
export type BiomarkerResult = z.infer<typeof biomarkerResultSchema>;

export const missingResultSchema = z.looseObject({
  name: z.string(),
  slug: nullishString,
  inferred_failure_type: openEnum(FAILURE_TYPES).nullish(),
  note: nullishString,
  loinc: nullishString,
  loinc_slug: nullishString,
  provider_id: nullishString,
  source_markers: z.array(z.unknown()).nullish(),
});
export type MissingResult = z.infer<typeof missingResultSchema>;

export const resultsMetadataSchema = z.looseObject({
  age: z.union([z.number(), z.string()]).nullish(),
  dob: nullishString,
  'clia_#': nullishString,
  patient: nullishString,
  provider: nullishString,
  laboratory: nullishString,
  date_reported: nullishString,
  date_collected: nullishString,
  specimen_number: nullishString,
  date_received: nullishString,
  status: nullishString,
  interpretation: nullishString,
  patient_id: nullishString,
  account_id: nullishString,
});

/** `GET /v3/order/{order_id}/result`. Old examples show `results` as an object: tolerated. */
export const labResultsRawSchema = z.looseObject({
  metadata: resultsMetadataSchema,
  results: z.union([z.array(biomarkerResultSchema), z.record(z.string(), z.unknown())]),
  missing_results: z.array(missingResultSchema).nullish(),
  sample_information: z.record(z.string(), z.unknown()).nullish(),
  order_transaction: z.unknown().optional(),
});
export type LabResultsRaw = z.infer<typeof labResultsRawSchema>;
