import { AUDIT_CSV_COLUMNS, type AuditRow } from '../../contract';

/*
 * RFC 4180 fields. A value a spreadsheet would run as a formula (starting with =, +, -,
 * @, tab or carriage return) is prefixed with an apostrophe: the trail's texts come
 * partly from requests (record ids from a query string).
 */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;

export function csvLine(row: AuditRow): string {
  return `${AUDIT_CSV_COLUMNS.map((column) => field(row[column])).join(',')}\r\n`;
}
