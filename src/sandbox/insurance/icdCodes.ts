import {
  normalizeIcd10Code,
  type DiagnosisInformation,
  type ValidateIcdCodesResponse,
} from '../../contract';
import { ICD10_CODES, ICD10_EXCLUDES, type ExcludesNote } from '../seed/icd10';

/*
 * Checking ICD-10 codes against the local code set (`seed/icd10.ts`): every code must be a
 * billable code of the set, and the codes of one order must not break an Excludes1 note
 * (a violation) — an Excludes2 note is a warning. Look-up by code or by words.
 */

const BY_CODE = new Map(ICD10_CODES.map((entry) => [entry.code, entry]));

/** True when `code` is the note's code, or lies in its category or subcategory. */
const within = (code: string, prefix: string) => code.startsWith(prefix);

/** Why a code cannot be ordered with, or null when it is a billable code of the set. */
function codeError(raw: string): string | null {
  const code = normalizeIcd10Code(raw);
  if (!code) return `'${raw.trim()}' is not an ICD-10-CM code`;
  if (BY_CODE.has(code)) return null;
  const children = ICD10_CODES.filter((entry) => entry.code.startsWith(code));
  if (children.length > 0) {
    const examples = children.slice(0, 3).map((entry) => entry.code);
    return `'${code}' is a category, not a billable code: use a more specific code such as ${examples.join(', ')}`;
  }
  return `'${code}' is not in the ICD-10-CM code set`;
}

function noteBetween(note: ExcludesNote, a: string, b: string) {
  return within(a, note.code) && note.excludes.some((excluded) => within(b, excluded));
}

export function validateIcdCodes(codes: readonly string[]): ValidateIcdCodesResponse {
  const errors = codes.flatMap((raw) => codeError(raw) ?? []);
  const known = [...new Set(codes.flatMap((raw) => normalizeIcd10Code(raw) ?? []))].filter((code) =>
    BY_CODE.has(code),
  );
  const violations: ValidateIcdCodesResponse['violations'] = [];
  const warnings: ValidateIcdCodesResponse['warnings'] = [];
  // Each pair once, named in the order the codes were given.
  known.forEach((a, i) => {
    for (const b of known.slice(i + 1)) {
      const note = ICD10_EXCLUDES.find((n) => noteBetween(n, a, b) || noteBetween(n, b, a));
      if (note?.type === 'excludes1')
        violations.push({ code: a, conflicts_with: b, type: note.type });
      else if (note) warnings.push({ code: a, overlaps_with: b, type: note.type });
    }
  });
  return { valid: errors.length === 0 && violations.length === 0, errors, violations, warnings };
}

export const DIAGNOSIS_SEARCH_LIMIT = 20;

const words = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/**
 * Codes whose code starts with the query (dot optional), by code; then codes whose
 * description has a word starting with each word of the query, those with more of the
 * query's words whole first (`vitamin d` puts vitamin D before vitamin deficiency), then by
 * code. At most DIAGNOSIS_SEARCH_LIMIT.
 */
export function searchDiagnoses(query: string): DiagnosisInformation[] {
  const compact = query.trim().toUpperCase().replace('.', '');
  if (compact === '') return [];
  const asked = words(query);
  const byCode = ICD10_CODES.filter((entry) => entry.code.replace('.', '').startsWith(compact));
  const byWords = ICD10_CODES.flatMap((entry) => {
    if (byCode.includes(entry) || asked.length === 0) return [];
    const described: string[] = words(entry.description);
    if (!asked.every((word) => described.some((d) => d.startsWith(word)))) return [];
    return [{ entry, whole: asked.filter((word) => described.includes(word)).length }];
  }).sort((a, b) => b.whole - a.whole);
  return [...byCode, ...byWords.map((match) => match.entry)]
    .slice(0, DIAGNOSIS_SEARCH_LIMIT)
    .map((entry) => ({
      diagnosis_code: entry.code,
      description: entry.description,
      is_secondary: false,
    }));
}
