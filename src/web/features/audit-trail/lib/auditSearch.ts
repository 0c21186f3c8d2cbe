import * as v from 'valibot';
import type { AuditQuery } from '../../../../contract/administration';
import { isoDay, lenient, text } from '../../../shared/lib/searchParams';

/** The audit screen's filters in the address bar: shareable, and kept on reload. */
export const auditSearchSchema = v.object({
  account: lenient(text(254)),
  action: lenient(text(200)),
  record: lenient(text(200)),
  outcome: lenient(v.picklist(['success', 'refused', 'failed'])),
  /** Every row that reached this patient's data (a Lab API user id). */
  patient: lenient(text(200)),
  /** Every sign-in attempt and sign-out of this e-mail. */
  sign_ins: lenient(text(254)),
  /** ISO days, in the viewer's time zone. */
  from: lenient(isoDay),
  to: lenient(isoDay),
});
export type AuditSearch = v.InferOutput<typeof auditSearchSchema>;

/** Midnight of a day where the viewer is, as an instant. */
const localMidnight = (day: string, addDays = 0) => {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d + addDays).toISOString();
};

/** The BFF's query: a day range becomes [first day's midnight, the day after the last). */
export function toAuditQuery(search: AuditSearch): Omit<AuditQuery, 'limit' | 'before'> {
  return {
    ...(search.account ? { account: search.account.trim().toLowerCase() } : {}),
    ...(search.action ? { action: search.action.trim() } : {}),
    ...(search.record ? { record: search.record.trim() } : {}),
    ...(search.outcome ? { outcome: search.outcome } : {}),
    ...(search.patient ? { patient: search.patient.trim() } : {}),
    ...(search.sign_ins ? { sign_ins: search.sign_ins.trim().toLowerCase() } : {}),
    ...(search.from ? { from: localMidnight(search.from) } : {}),
    ...(search.to ? { to: localMidnight(search.to, 1) } : {}),
  };
}

export function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}
