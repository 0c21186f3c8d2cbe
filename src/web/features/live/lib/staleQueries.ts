import type { QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '../../../../contract/webhooks';
import { RESULTS_INBOX_QUERY_KEY } from '../../results/api/inbox';

/*
 * Which cached queries a live event makes stale. Keys are prefixes, matched as TanStack
 * Query matches invalidation filters, so `['orders', 'detail', id]` also covers that
 * order's results and appointment. The browser then refetches through the allow-listed
 * API: the event itself carries no patient values.
 */

/** Every orders list: the orders page, a patient's orders, worklists keyed under it. */
const ORDER_LISTS: QueryKey = ['orders', 'list'];

const orderDetail = (orderId: string): QueryKey => ['orders', 'detail', orderId];

/** Statuses that bring a result, and so change the results inbox and its count. */
const BRINGS_RESULTS = /(^|\.)(partial_results|completed|corrected)(\.|$)/;

export function staleQueryKeys(event: LiveEvent): QueryKey[] {
  switch (event.kind) {
    case 'order':
      return BRINGS_RESULTS.test(event.status ?? '')
        ? [ORDER_LISTS, orderDetail(event.recordId), RESULTS_INBOX_QUERY_KEY]
        : [ORDER_LISTS, orderDetail(event.recordId)];
    case 'critical_result': {
      // Lists show the interpretation; the order page shows the results; the inbox lists it.
      const orderId = event.orderId ?? event.recordId;
      return [ORDER_LISTS, orderDetail(orderId), RESULTS_INBOX_QUERY_KEY];
    }
    case 'appointment':
      // The order's own status change arrives as an order event of its own.
      return event.orderId ? [orderDetail(event.orderId)] : [ORDER_LISTS];
    case 'unmatched_result':
      return [
        ['unmatched-results', 'list'],
        ['unmatched-results', 'detail', event.recordId],
      ];
    case 'parsing_job':
      return [
        ['parsing-jobs', 'list'],
        ['parsing-jobs', 'detail', event.recordId],
        ['parsing-jobs', 'record', event.recordId],
      ];
  }
}

/**
 * What to refetch when events may have been missed (the stream was closed, or the
 * server said it cannot replay that far back): everything live events can touch.
 */
export const RESYNC_QUERY_KEYS: readonly QueryKey[] = [
  ['orders'],
  ['unmatched-results'],
  ['parsing-jobs'],
  RESULTS_INBOX_QUERY_KEY,
];

/** The keys of a burst of events, each once, dropping any a shorter key already covers. */
export function coalesceKeys(keys: readonly QueryKey[]): QueryKey[] {
  const covers = (prefix: QueryKey, key: QueryKey) =>
    prefix.length <= key.length &&
    prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));
  const sorted = [...keys].sort((a, b) => a.length - b.length);
  const kept: QueryKey[] = [];
  for (const key of sorted) {
    if (!kept.some((prefix) => covers(prefix, key))) kept.push(key);
  }
  return kept;
}
