import {
  INTERPRETATIONS,
  isKnown,
  patientDisplayName,
  resultVersion,
  type InboxFilters,
  type InboxItem,
  type Order,
} from '../../contract';

/** What the inbox needs to know of an acknowledgement. */
export interface AcknowledgedVersion {
  orderId: string;
  version: string;
}

const SEVERITY: Record<string, number> = { critical: 0, abnormal: 1 };
const severity = (item: InboxItem) =>
  item.overdue ? -1 : (SEVERITY[item.interpretation ?? ''] ?? 2);

/**
 * The results the team has not acknowledged: each order's current result version that no
 * acknowledgement covers. An acknowledgement of an earlier version (partial results, a
 * report since corrected) does not count, and marks the item as reopened.
 */
export function inboxItems(
  orders: readonly Order[],
  acks: readonly AcknowledgedVersion[],
  now: number,
  criticalAckMinutes: number,
): InboxItem[] {
  const acknowledged = new Map<string, Set<string>>();
  for (const ack of acks) {
    const versions = acknowledged.get(ack.orderId) ?? new Set<string>();
    versions.add(ack.version);
    acknowledged.set(ack.orderId, versions);
  }
  const items: InboxItem[] = [];
  for (const order of orders) {
    const current = resultVersion(order);
    if (!current) continue;
    const versions = acknowledged.get(order.id);
    if (versions?.has(current.version)) continue;
    const interpretation = order.interpretation ?? '';
    items.push({
      order_id: order.id,
      user_id: order.user_id,
      patient_name: patientDisplayName(order.patient_details),
      lab_test_id: order.lab_test.id,
      lab_test_name: order.lab_test.name,
      status: current.status,
      version: current.version,
      interpretation: isKnown(INTERPRETATIONS, interpretation) ? interpretation : null,
      reported_at: current.reportedAt,
      overdue:
        interpretation === 'critical' &&
        now - Date.parse(current.reportedAt) > criticalAckMinutes * 60_000,
      reopened: versions !== undefined && versions.size > 0,
    });
  }
  return sortInbox(items);
}

/** Overdue criticals, then criticals, then abnormal results, each oldest first. */
export function sortInbox(items: readonly InboxItem[]): InboxItem[] {
  return [...items].sort(
    (a, b) => severity(a) - severity(b) || Date.parse(a.reported_at) - Date.parse(b.reported_at),
  );
}

export function filterInbox(items: readonly InboxItem[], filters: InboxFilters): InboxItem[] {
  return items.filter(
    (item) =>
      (!filters.user_id || item.user_id === filters.user_id) &&
      (!filters.interpretation || item.interpretation === filters.interpretation) &&
      (!filters.lab_test_id || item.lab_test_id === filters.lab_test_id),
  );
}

export type AcknowledgeRefusal =
  | { kind: 'no_results'; orderId: string }
  | { kind: 'changed'; orderId: string }
  | { kind: 'not_normal'; orderId: string }
  | { kind: 'note_required'; orderId: string };

/**
 * Why an acknowledgement cannot be recorded, or null. The version sent must be the
 * order's current one (a result corrected since the page was read must be read again),
 * and acknowledging in bulk is for normal results only: an abnormal or critical one is
 * acknowledged on its own, after it has been opened. A critical result is acknowledged with
 * a note saying what was done about it.
 */
export function acknowledgeRefusal(
  order: Order,
  version: string,
  mode: 'single' | 'bulk',
  note?: string,
): AcknowledgeRefusal | null {
  const current = resultVersion(order);
  if (!current) return { kind: 'no_results', orderId: order.id };
  if (current.version !== version) return { kind: 'changed', orderId: order.id };
  if (mode === 'bulk' && order.interpretation !== 'normal') {
    return { kind: 'not_normal', orderId: order.id };
  }
  if (order.interpretation === 'critical' && !note?.trim()) {
    return { kind: 'note_required', orderId: order.id };
  }
  return null;
}
