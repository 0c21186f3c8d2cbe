import { z } from 'zod';
import { ICD10_PATTERN } from './orderRequest';

/*
 * ICD-10 codes checked against the code set (the document's insurance operations):
 * `POST /v3/insurance/validate_icd_codes` judges the codes an order will carry together,
 * `GET /v3/insurance/search/diagnosis?diagnosis_query=` looks codes up by code or words.
 */

/** ValidateICDCodesBody. */
export const validateIcdCodesRequestSchema = z.object({ codes: z.array(z.string()) });
export type ValidateIcdCodesRequest = z.infer<typeof validateIcdCodesRequestSchema>;

/** ICDExcludesViolation: two codes an Excludes1 note forbids together. */
export const icdExcludesViolationSchema = z.looseObject({
  code: z.string(),
  conflicts_with: z.string(),
  type: z.string(),
});

/** ICDExcludesWarning: two codes an Excludes2 note lets stand together, worth a look. */
export const icdExcludesWarningSchema = z.looseObject({
  code: z.string(),
  overlaps_with: z.string(),
  type: z.string(),
});

/** ValidateICDCodesResponse: `valid` is false when there is an error or a violation. */
export const validateIcdCodesResponseSchema = z.looseObject({
  valid: z.boolean(),
  errors: z.array(z.string()),
  violations: z.array(icdExcludesViolationSchema),
  warnings: z.array(icdExcludesWarningSchema),
});
export type ValidateIcdCodesResponse = z.infer<typeof validateIcdCodesResponseSchema>;

/** ClientFacingDiagnosisInformation: one code of the set. */
export const diagnosisInformationSchema = z.looseObject({
  diagnosis_code: z.string(),
  description: z.string(),
  is_secondary: z.boolean().default(false),
});
export const diagnosisSearchSchema = z.array(diagnosisInformationSchema);
export type DiagnosisInformation = z.infer<typeof diagnosisInformationSchema>;

/** The search's one parameter. */
export const diagnosisSearchQuerySchema = z.object({ diagnosis_query: z.string() });

/**
 * An ICD-10-CM code as the code set writes it: trimmed, upper case, with its dot after
 * the category (`e119` → `E11.9`); null when it does not have the shape of a code.
 */
export function normalizeIcd10Code(raw: string): string | null {
  const compact = raw.trim().toUpperCase().replace('.', '');
  if (!ICD10_PATTERN.test(compact)) return null;
  return compact.length > 3 ? `${compact.slice(0, 3)}.${compact.slice(3)}` : compact;
}
