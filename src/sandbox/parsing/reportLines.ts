import { LOINC_CATALOG, type LoincEntry } from '../seed/loinc';

/*
 * Turns a lab report's text lines into the parser's metadata and results (facts §9).
 * A result line is "<name> <value> <unit> [<min>-<max>] [H|L]"; its name is matched
 * against the marker catalogue's names and aliases to find the LOINC code.
 */

const RESULT_LINE =
  /^(?<name>[A-Za-z][A-Za-z0-9 ,()\-/.]*?)\s+(?<value>[<>]?\d+(?:\.\d+)?)\s+(?<unit>[A-Za-z%µ/0-9^.]+)(?:\s+(?<min>\d+(?:\.\d+)?)\s*-\s*(?<max>\d+(?:\.\d+)?))?(?:\s+(?<flag>H|L|High|Low))?$/;

const normalize = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();

function lookUp(name: string): LoincEntry | undefined {
  const key = normalize(name);
  return LOINC_CATALOG.find(
    (e) => normalize(e.name) === key || e.aliases.some((a) => normalize(a) === key),
  );
}

export interface ParsedResultDocument {
  test_name: string;
  value: string;
  type: string;
  units: string | null;
  min_reference_range: number | null;
  max_reference_range: number | null;
  source_panel_name: string | null;
  sample_type: 'unknown';
  measurement_kind: 'unknown';
  sensitivity: 'unknown';
  loinc_matches: {
    loinc_code: string;
    loinc_name: string;
    display_name: string;
    aliases: string[];
    confidence_score: number;
  }[];
  loinc_match_status: 'auto_match' | 'needs_review' | 'no_match';
  interpretation: 'normal' | 'abnormal' | 'unknown';
  is_above_max_range: boolean | null;
  is_below_min_range: boolean | null;
}

export function parseResultLine(line: string): ParsedResultDocument | null {
  const m = RESULT_LINE.exec(line.trim());
  const g = m?.groups;
  if (!g?.name || !g.value) return null;
  const entry = lookUp(g.name);
  const units = g.unit ?? null;
  // A line with neither a catalogue name nor a reference range is not taken for a result.
  if (!entry && g.min === undefined) return null;

  const min = g.min === undefined ? null : Number(g.min);
  const max = g.max === undefined ? null : Number(g.max);
  const numeric = Number(g.value.replace(/^[<>]/, ''));
  const above = max === null ? null : numeric > max;
  const below = min === null ? null : numeric < min;
  // The same name in another unit may be another measurement: a person should look.
  const unitAgrees = entry ? entry.unit.toLowerCase() === (units ?? '').toLowerCase() : false;
  return {
    test_name: g.name.trim(),
    value: g.value,
    type: /^[<>]/.test(g.value) ? 'range' : 'numeric',
    units,
    min_reference_range: min,
    max_reference_range: max,
    source_panel_name: null,
    // Non-null enums in the document, defaulting to `unknown`: a text line does not say.
    sample_type: 'unknown',
    measurement_kind: 'unknown',
    sensitivity: 'unknown',
    loinc_matches: entry
      ? [
          {
            loinc_code: entry.loinc_code,
            loinc_name: entry.loinc_name,
            display_name: entry.name,
            aliases: entry.aliases,
            confidence_score: unitAgrees ? 0.97 : 0.6,
          },
        ]
      : [],
    loinc_match_status: !entry ? 'no_match' : unitAgrees ? 'auto_match' : 'needs_review',
    interpretation:
      above === null && below === null ? 'unknown' : above || below ? 'abnormal' : 'normal',
    is_above_max_range: above,
    is_below_min_range: below,
  };
}

const FIELDS: Record<string, RegExp> = {
  patient: /^(?:patient|patient name|name)\s*:\s*(.+)$/i,
  dob: /^(?:dob|date of birth)\s*:\s*(\d{4}-\d{2}-\d{2})/i,
  gender: /^(?:sex|gender)\s*:\s*(male|female|other)/i,
  lab: /^(?:lab|laboratory)\s*:\s*(.+)$/i,
  collected: /^(?:collected|date collected)\s*:\s*(\d{4}-\d{2}-\d{2})/i,
  reported: /^(?:reported|date reported)\s*:\s*(\d{4}-\d{2}-\d{2})/i,
  specimen: /^(?:specimen|specimen number|accession)\s*:\s*(\S+)/i,
};

export function parseReportLines(lines: string[]) {
  const found: Record<string, string> = {};
  const results: ParsedResultDocument[] = [];
  for (const line of lines) {
    const field = Object.entries(FIELDS).find(([, re]) => re.test(line.trim()));
    if (field) {
      const [key, re] = field;
      found[key] ??= re.exec(line.trim())?.[1]?.trim() ?? '';
      continue;
    }
    const result = parseResultLine(line);
    if (result) results.push(result);
  }
  const [first, ...rest] = (found.patient ?? '').split(/\s+/).filter(Boolean);
  return {
    metadata: {
      patient_first_name: first ?? null,
      patient_last_name: rest.length ? rest.join(' ') : null,
      dob: found.dob ?? null,
      // A non-null enum (male, female, other) whose default is `other`.
      gender: found.gender?.toLowerCase() ?? 'other',
      lab_name: found.lab ?? null,
      date_reported: found.reported ?? null,
      date_collected: found.collected ?? null,
      specimen_number: found.specimen ?? null,
    },
    results,
  };
}
