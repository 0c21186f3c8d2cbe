import type { ParsedResult } from '../../../../contract/parsingJobs';

/**
 * Rows the parser found but could not read as a value: a `comment` result whose marker
 * is not surely matched. They are given as printed, so a person checks them against the
 * report instead of missing them.
 */
export function unreadRows(results: readonly ParsedResult[]): number {
  return results.filter((r) => r.type === 'comment' && r.loinc_match_status !== 'auto_match')
    .length;
}

export function describeUnreadRows(count: number): string | null {
  if (count === 0) return null;
  const rows = count === 1 ? '1 row' : `${String(count)} rows`;
  return `${rows} could not be read: shown as printed, check ${count === 1 ? 'it' : 'them'} against the report.`;
}
