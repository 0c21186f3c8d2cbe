/*
 * A report's header fields ("Patient: …", "DOB: …"). Printed reports often set several
 * on one line ("Patient: Ada Lovelace  DOB: 1980-02-03"), so a line is cut at every
 * known label and each piece read on its own: a name never runs into the next field.
 */

export type ReportField =
  'patient' | 'dob' | 'gender' | 'lab' | 'collected' | 'reported' | 'specimen';

/** Longest first, so "Date of Birth" wins over a shorter label inside it. */
const LABELS: [label: string, field: ReportField][] = (
  [
    ['patient name', 'patient'],
    ['patient', 'patient'],
    ['name', 'patient'],
    ['date of birth', 'dob'],
    ['birth date', 'dob'],
    ['dob', 'dob'],
    ['gender', 'gender'],
    ['sex', 'gender'],
    ['performing lab', 'lab'],
    ['laboratory', 'lab'],
    ['lab', 'lab'],
    ['date collected', 'collected'],
    ['collection date', 'collected'],
    ['collected', 'collected'],
    ['date reported', 'reported'],
    ['report date', 'reported'],
    ['reported', 'reported'],
    ['specimen number', 'specimen'],
    ['specimen id', 'specimen'],
    ['specimen', 'specimen'],
    ['accession', 'specimen'],
  ] as [string, ReportField][]
).sort((a, b) => b[0].length - a[0].length);

const LABEL = new RegExp(
  `(?:^|\\s)(${LABELS.map(([l]) => l.replace(/ /g, '\\s+')).join('|')})\\s*:`,
  'gi',
);

const fieldOf = (label: string) =>
  LABELS.find(([l]) => l === label.toLowerCase().replace(/\s+/g, ' '))?.[1];

/** As reports print sex: in full or by its initial. */
const GENDERS: Record<string, string> = {
  male: 'male',
  m: 'male',
  female: 'female',
  f: 'female',
  other: 'other',
};

/** ISO dates as printed, and US month/day/year ones turned into ISO. */
export function isoDate(text: string): string | null {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return `${iso[1] ?? ''}-${iso[2] ?? ''}-${iso[3] ?? ''}`;
  const us = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(text);
  if (!us) return null;
  const [, month = '', day = '', year = ''] = us;
  if (Number(month) > 12 || Number(day) > 31) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

function valueOf(field: ReportField, text: string): string | null {
  switch (field) {
    case 'dob':
    case 'collected':
    case 'reported':
      return isoDate(text);
    case 'gender':
      return GENDERS[(/^[a-z]+/i.exec(text)?.[0] ?? '').toLowerCase()] ?? null;
    case 'specimen':
      return /^\S+/.exec(text)?.[0] ?? null;
    default:
      return text || null;
  }
}

/** The fields on one line; an empty map when the line has no label (a result line). */
export function readFields(line: string): Map<ReportField, string> {
  const found = new Map<ReportField, string>();
  const labels = [...line.matchAll(LABEL)];
  // A label must open the line: "Glucose 92 mg/dL" is no field, whatever follows.
  if (labels.length === 0 || line.slice(0, labels[0]?.index).trim() !== '') return found;
  labels.forEach((match, i) => {
    const field = fieldOf(match[1] ?? '');
    const start = match.index + match[0].length;
    const end = labels[i + 1]?.index ?? line.length;
    const value = field ? valueOf(field, line.slice(start, end).trim()) : null;
    if (field && value && !found.has(field)) found.set(field, value);
  });
  return found;
}
