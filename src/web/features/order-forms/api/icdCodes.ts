import {
  diagnosisSearchSchema,
  normalizeIcd10Code,
  validateIcdCodesResponseSchema,
  type ValidateIcdCodesResponse,
} from '../../../../contract/icdCodes';
import { apiGet, apiRequest, labPath } from '../../../shared/api/client';

/*
 * ICD-10 codes checked against the code set and looked up by code or words, through the
 * BFF's proxy. The form checks as codes are typed and again on submit: one answer per set
 * of codes serves both, so a submit after typing asks nothing new.
 */

const checked = new Map<string, Promise<ValidateIcdCodesResponse>>();

/** The codes as the code set writes them, those without a code's shape left as typed. */
export const icdKey = (codes: readonly string[]) =>
  codes.map((c) => normalizeIcd10Code(c) ?? c.trim()).filter(Boolean);

/** POST /v3/insurance/validate_icd_codes: the codes one order carries, judged together. */
export function checkIcdCodes(codes: readonly string[]): Promise<ValidateIcdCodesResponse> {
  const normalized = icdKey(codes);
  const key = normalized.join(',');
  let answer = checked.get(key);
  if (!answer) {
    answer = apiRequest(labPath('/v3/insurance/validate_icd_codes'), {
      method: 'POST',
      body: { codes: normalized },
    }).then((body) => validateIcdCodesResponseSchema.parse(body));
    // A failed check is asked again next time rather than remembered.
    answer.catch(() => checked.delete(key));
    checked.set(key, answer);
  }
  return answer;
}

export const diagnosisSearchQueryOptions = (text: string) => ({
  queryKey: ['icd-10', 'search', text] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet(
      labPath('/v3/insurance/search/diagnosis', { diagnosis_query: text }),
      diagnosisSearchSchema,
      signal,
    ),
  enabled: text !== '',
  staleTime: 5 * 60_000,
});

export const icdCheckQueryOptions = (codes: readonly string[]) => ({
  queryKey: ['icd-10', 'check', icdKey(codes).join(',')] as const,
  queryFn: () => checkIcdCodes(codes),
  enabled: codes.length > 0,
  staleTime: Infinity,
});
