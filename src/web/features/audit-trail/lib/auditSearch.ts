import { z } from 'zod';
import type { AuditQuery } from '../../../../contract/administration';

/** The audit screen's filters in the address bar: shareable, and kept on reload. */
export const auditSearchSchema = z.object({
  account: z.string().max(254).optional().catch(undefined),
  action: z.string().max(200).optional().catch(undefined),
  record: z.string().max(200).optional().catch(undefined),
  outcome: z.enum(['success', 'refused', 'failed']).optional().catch(undefined),
  /** ISO days, in the viewer's time zone. */
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
});
export type AuditSearch = z.infer<typeof auditSearchSchema>;

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
