import type { InboxItem } from '../../../../contract/resultsInbox';

/** How long a bulk acknowledgement waits, undoable, before it is sent. */
export const BULK_UNDO_SECONDS = 10;

/**
 * What "select all normal results" selects: the final normal results. A partial result can
 * still change when the rest arrives, so it is acknowledged only when chosen one by one.
 */
export function selectableAtOnce(items: readonly InboxItem[]): InboxItem[] {
  return items.filter((i) => i.interpretation === 'normal' && i.status !== 'partial_results');
}

/** The confirmation's question: how many, and how many of them are partial. */
export function bulkQuestion(chosen: readonly InboxItem[]): string {
  const n = chosen.length;
  const partial = chosen.filter((i) => i.status === 'partial_results').length;
  const what = `${String(n)} normal ${n === 1 ? 'result' : 'results'}`;
  if (partial === 0) return `Acknowledge ${what}?`;
  return `Acknowledge ${what}, ${String(partial)} of them partial?`;
}
