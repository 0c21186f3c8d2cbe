import type { LiveEvent, LiveEventKind } from '../../../../contract/webhooks';

/*
 * Changes this tab made itself and has already refetched. The Lab API announces each of
 * them by webhook a moment later, and that live event would make the same lists stale
 * again: the person who placed an order had the orders list fetched twice. A page that
 * refreshes after its own change notes it here; the live event that announces exactly
 * that change (same record, same status) is then no news to this tab. Other tabs, and
 * any later change of the record, refetch as usual.
 */

export interface OwnChange {
  kind: LiveEventKind;
  recordId: string;
  /** The record's status after the change, as the live event will report it. */
  status: string;
}

/** How long a noted change waits for its announcement; a later one is treated as news. */
const REMEMBERED_MS = 5 * 60_000;

const noted = new Map<string, { status: string; until: number }>();
const keyOf = (kind: LiveEventKind, recordId: string) => `${kind}:${recordId}`;

export function noteOwnChange(change: OwnChange, now = Date.now()): void {
  noted.set(keyOf(change.kind, change.recordId), {
    status: change.status,
    until: now + REMEMBERED_MS,
  });
}

/** True once for the event announcing a change this tab noted (and refetched) itself. */
export function announcesOwnChange(event: LiveEvent, now = Date.now()): boolean {
  const key = keyOf(event.kind, event.recordId);
  const change = noted.get(key);
  if (!change) return false;
  noted.delete(key);
  return change.until >= now && change.status === event.status;
}
