/*
 * The one CSV writer, shared by the SPA (orders list, wearable samples) and the BFF (the
 * audit trail's export): RFC 4180 fields, lines ended CRLF. Kept free of zod so either side
 * can load it without the schemas.
 */

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One field: empty for no value; quoted when it holds a comma, quote or line break, with
 * quotes doubled. A text a spreadsheet would run as a formula (starting with =, +, -, @,
 * tab or carriage return) is prefixed with an apostrophe: exported texts come partly from
 * people (names) and requests (record ids). Numbers are written as they are, so -5 stays
 * a number.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of fields, CRLF included. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A whole file: the header line, then one line per row. */
export function csvDocument(
  header: readonly string[],
  rows: Iterable<readonly CsvValue[]>,
): string {
  let text = csvLine(header);
  for (const row of rows) text += csvLine(row);
  return text;
}
