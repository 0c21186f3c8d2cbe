import { LOINC_CATALOG, type LoincEntry } from '../seed/loinc';
import { labNameLine, readFields, type ReportField } from './reportFields';

/*
 * Turns a lab report's text lines into the parser's metadata and results (docs/lab-api-facts.md §9).
 * A result line is "<name> <value> <unit> [<reference>] [H|L]", the reference being
 * "<min>-<max>", ">min" or "<max>" (HDL's ">39"); its name is matched against the
 * marker catalogue's names and aliases to find the LOINC code.
 */

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const REFERENCE = String.raw`(?:(?<min>${NUMBER})\s*-\s*(?<max>${NUMBER})|(?:>=?|≥)\s*(?<floor>${NUMBER})|(?:<=?|≤)\s*(?<ceiling>${NUMBER}))`;
const RESULT_LINE = new RegExp(
  String.raw`^(?<name>[A-Za-z][A-Za-z0-9 ,()\-/.]*?)\s+(?<value>[<>]?${NUMBER})\s+(?<unit>[A-Za-z%µ/0-9^.]+)(?:\s+${REFERENCE})?(?:\s+(?<flag>H|L|High|Low))?$`,
);

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
  const minText = g.min ?? g.floor;
  const maxText = g.max ?? g.ceiling;
  // A line with neither a catalogue name nor a reference range is not taken for a result.
  if (!entry && minText === undefined && maxText === undefined) return null;

  const min = minText === undefined ? null : Number(minText);
  const max = maxText === undefined ? null : Number(maxText);
  const numeric = Number(g.value.replace(/^[<>]/, ''));
  // ">39" excludes 39 itself; "70-99" includes both ends.
  let above = max === null ? null : g.ceiling === undefined ? numeric > max : numeric >= max;
  let below = min === null ? null : g.floor === undefined ? numeric < min : numeric <= min;
  // The lab's own H or L is its judgement (its interval may be one the line does not
  // print), so it decides the direction; a reader then sees high or low, not just abnormal.
  if (g.flag) {
    const high = /^h/i.test(g.flag);
    above = high;
    below = !high;
  }
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

/**
 * A line that starts with a catalogue marker's name and carries a number, yet is not a
 * result line: a row the parser saw but could not read. It is given as printed, as a
 * `comment` result needing review, never guessed into a value: dropping it would hide
 * a result the report holds.
 */
export function unreadRow(line: string): ParsedResultDocument | null {
  if (!/\d/.test(line)) return null;
  const words = line.split(/\s+/);
  for (let n = words.length - 1; n > 0; n--) {
    const name = words.slice(0, n).join(' ');
    const entry = lookUp(name);
    if (!entry) continue;
    return {
      test_name: name,
      value: words.slice(n).join(' '),
      type: 'comment',
      units: null,
      min_reference_range: null,
      max_reference_range: null,
      source_panel_name: null,
      sample_type: 'unknown',
      measurement_kind: 'unknown',
      sensitivity: 'unknown',
      loinc_matches: [
        {
          loinc_code: entry.loinc_code,
          loinc_name: entry.loinc_name,
          display_name: entry.name,
          aliases: entry.aliases,
          confidence_score: 0.5,
        },
      ],
      loinc_match_status: 'needs_review',
      interpretation: 'unknown',
      is_above_max_range: null,
      is_below_min_range: null,
    };
  }
  return null;
}

export function parseReportLines(lines: string[]) {
  const found = new Map<ReportField, string>();
  const results: ParsedResultDocument[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    // The laboratory's name often heads the report, above any labelled field.
    const labName = results.length === 0 && !found.has('lab') ? labNameLine(line) : null;
    if (labName) {
      found.set('lab', labName);
      continue;
    }
    const fields = readFields(line);
    if (fields.size > 0) {
      for (const [key, value] of fields) if (!found.has(key)) found.set(key, value);
      continue;
    }
    const result = parseResultLine(line);
    const read = result ?? unreadRow(line);
    if (read) results.push(read);
  }
  const [first, ...rest] = (found.get('patient') ?? '').split(/\s+/).filter(Boolean);
  return {
    metadata: {
      patient_first_name: first ?? null,
      patient_last_name: rest.length ? rest.join(' ') : null,
      dob: found.get('dob') ?? null,
      // A non-null enum (male, female, other) whose default is `other`.
      gender: found.get('gender') ?? 'other',
      lab_name: found.get('lab') ?? null,
      date_reported: found.get('reported') ?? null,
      date_collected: found.get('collected') ?? null,
      specimen_number: found.get('specimen') ?? null,
    },
    results,
  };
}
