import type { Role } from '../../../../contract';
import type { LiveEvent } from '../../../../contract/webhooks';
import { canReadResults } from '../../../shared/lib/permissions';

/*
 * Critical-result alerts: one per order, newest first, until dismissed. Only the roles
 * that read results see them (clinicians and coordinators); the BFF already keeps the
 * event from the others, and this keeps the page from showing one if it ever arrived.
 */

export interface CriticalAlert {
  orderId: string;
  /** `final` or `partial`, as the Lab API reports the results. */
  status: string | undefined;
  at: string;
}

/** How many alerts stay on screen; older ones remain reachable from the orders list. */
export const MAX_ALERTS = 5;

export function alertsFor(role: Role): boolean {
  return canReadResults(role);
}

/** The alerts after a live event: a critical result adds (or refreshes) its order's alert. */
export function withEvent(alerts: readonly CriticalAlert[], event: LiveEvent): CriticalAlert[] {
  if (event.kind !== 'critical_result') return [...alerts];
  const orderId = event.orderId ?? event.recordId;
  const alert: CriticalAlert = { orderId, status: event.status, at: event.at };
  return [alert, ...alerts.filter((a) => a.orderId !== orderId)].slice(0, MAX_ALERTS);
}

export function dismissed(alerts: readonly CriticalAlert[], orderId: string): CriticalAlert[] {
  return alerts.filter((a) => a.orderId !== orderId);
}

/** How an alert names its order: the start of its id, as people read ids aloud. */
export function shortOrderId(orderId: string): string {
  return orderId.slice(0, 8);
}
