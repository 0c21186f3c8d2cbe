import { AUDIT_COLUMNS, auditDetailText, type AuditRow } from '../../contract';
import { csvLine as line } from '../../contract/csv';

/*
 * The audit trail as CSV, through the console's one CSV writer (src/contract/csv.ts: RFC
 * 4180, and a text a spreadsheet would run as a formula is defused, since the trail's texts
 * come partly from requests) and its one column list (AUDIT_COLUMNS).
 */

export const CSV_HEADER = line(AUDIT_COLUMNS);

export function csvLine(row: AuditRow): string {
  // The detail is an object: written in words, as the trail's page shows it.
  return line(
    AUDIT_COLUMNS.map((column) =>
      column === 'detail' ? auditDetailText(row.detail) : row[column],
    ),
  );
}
