import { csvField as field } from '../../../../contract/csv';
import type { Series } from './series';

/**
 * Every sample at full resolution, one line each, oldest first within a series:
 * `timestamp,provider,source_type,value,unit`. Timestamps are the samples' instants in UTC,
 * ISO 8601 with milliseconds (the console keeps instants, not the Lab API's spelling of them).
 */
export function toCsv(series: readonly Series[]): string {
  const lines = ['timestamp,provider,source_type,value,unit'];
  for (const s of series) {
    const prefix = `,${field(s.provider)},${field(s.sourceType)},`;
    const units = s.units.map(field);
    for (let i = 0; i < s.x.length; i++) {
      lines.push(
        `${new Date(s.x[i] as number).toISOString()}${prefix}${String(s.y[i])},${units[s.unitIndex[i] as number] ?? ''}`,
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
