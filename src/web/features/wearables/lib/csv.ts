import type { Series } from './series';

/** RFC 4180 quoting: only fields with a comma, quote or line break are quoted. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Every sample at full resolution, one line each, oldest first within a series:
 * `timestamp,provider,source_type,value,unit`. Timestamps stay as the Lab API sent them (UTC).
 */
export function toCsv(series: readonly Series[]): string {
  const lines = ['timestamp,provider,source_type,value,unit'];
  for (const s of series) {
    const prefix = `,${field(s.provider)},${field(s.sourceType)},`;
    for (const sample of s.samples) {
      lines.push(
        `${field(sample.timestamp)}${prefix}${String(sample.value)},${field(sample.unit)}`,
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
