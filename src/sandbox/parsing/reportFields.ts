import { isoFromUsDate } from '../../contract/searchInput';

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
  const us = /\b\d{1,2}\/\d{1,2}\/\d{4}\b/.exec(text);
  return us ? isoFromUsDate(us[0]) : null;
}

/**
 * A collection or report time as printed ("2024-05-01 07:19", "05/01/2024 7:19 AM"): the
 * date with its time of day when the report prints one, as a local date-time without a
 * zone (a report prints the lab's clock, not an offset). A date alone stays a date.
 */
export function isoDateTime(text: string): string | null {
  const date = isoDate(text);
  if (!date) return null;
  const time = /(?:\d[T\s]+|T)(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?/.exec(text);
  if (!time) return date;
  const [, h = '', minutes = '', seconds = '00', meridiem] = time;
  let hours = Number(h);
  if (meridiem) {
    if (hours < 1 || hours > 12) return date;
    hours = (hours % 12) + (/p/i.test(meridiem) ? 12 : 0);
  }
  if (hours > 23 || Number(minutes) > 59 || Number(seconds) > 59) return date;
  return `${date}T${String(hours).padStart(2, '0')}:${minutes}:${seconds}`;
}

function valueOf(field: ReportField, text: string): string | null {
  switch (field) {
    case 'dob':
      return isoDate(text);
    case 'collected':
    case 'reported':
      return isoDateTime(text);
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

/**
 * A header line that is a laboratory's name, as reports print it above the fields with no
 * label ("Quest Diagnostics", "Northside Clinical Laboratories"): no digits, no colon, and
 * a laboratory's word at its end.
 */
export function labNameLine(line: string): string | null {
  const text = line.trim();
  if (text.length < 3 || text.length > 80 || /[\d:]/.test(text)) return null;
  return /\b(?:lab|labs|laboratory|laboratories|diagnostics|pathology|reference\s+health)\b\.?$/i.test(
    text,
  )
    ? text
    : null;
}
