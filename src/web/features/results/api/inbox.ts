import { queryOptions } from '@tanstack/react-query';
import {
  RESULTS_INBOX_COUNT_PATH,
  RESULTS_INBOX_PATH,
  RESULT_ACKNOWLEDGEMENTS_BULK_PATH,
  RESULT_ACKNOWLEDGEMENTS_PATH,
  acknowledgementsResponseSchema,
  inboxCountSchema,
  inboxResponseSchema,
  type AcknowledgeBody,
  type BulkAcknowledgeBody,
  type InboxFilters,
} from '../../../../contract/resultsInbox';
import { apiGet, apiRequest } from '../../../shared/api/client';
import type { LiveStaleness } from '../../../shared/api/queryKeys';

/**
 * The inbox's queries all start with this key: invalidating it refreshes the inbox, its
 * filtered views and the navigation's count at once (a live `critical_result` event can do
 * exactly that). Until live updates exist, the inbox polls.
 */
export const RESULTS_INBOX_QUERY_KEY = ['results-inbox'] as const;
export const INBOX_POLL_MS = 30_000;

/** Statuses that bring a result, and so change the results inbox and its count. */
const BRINGS_RESULTS = /(^|\.)(partial_results|completed|corrected)(\.|$)/;

/** The inbox and its count change when an order's results arrive or a critical result does. */
export const resultsInboxStaleness: LiveStaleness = {
  staleKeys(event) {
    if (event.kind === 'critical_result') return [RESULTS_INBOX_QUERY_KEY];
    if (event.kind === 'order' && BRINGS_RESULTS.test(event.status ?? '')) {
      return [RESULTS_INBOX_QUERY_KEY];
    }
    return [];
  },
  resyncKeys: [RESULTS_INBOX_QUERY_KEY],
};

function inboxPath(filters: InboxFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${RESULTS_INBOX_PATH}?${query}` : RESULTS_INBOX_PATH;
}

export const inboxQueryOptions = (filters: InboxFilters = {}) =>
  queryOptions({
    queryKey: [...RESULTS_INBOX_QUERY_KEY, 'list', filters],
    queryFn: ({ signal }) => apiGet(inboxPath(filters), inboxResponseSchema, signal),
    refetchInterval: INBOX_POLL_MS,
  });

/** The navigation's count: its own small endpoint, which carries no patient data. */
export const inboxCountQueryOptions = () =>
  queryOptions({
    queryKey: [...RESULTS_INBOX_QUERY_KEY, 'count'],
    queryFn: ({ signal }) => apiGet(RESULTS_INBOX_COUNT_PATH, inboxCountSchema, signal),
    refetchInterval: INBOX_POLL_MS,
  });

export const acknowledgementsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...RESULTS_INBOX_QUERY_KEY, 'acknowledgements', orderId],
    queryFn: ({ signal }) =>
      apiGet(
        `${RESULT_ACKNOWLEDGEMENTS_PATH}?order_id=${encodeURIComponent(orderId)}`,
        acknowledgementsResponseSchema,
        signal,
      ),
  });

export async function acknowledgeResult(body: AcknowledgeBody) {
  return acknowledgementsResponseSchema.parse(
    await apiRequest(RESULT_ACKNOWLEDGEMENTS_PATH, { method: 'POST', body }),
  );
}

export async function acknowledgeNormals(body: BulkAcknowledgeBody) {
  return acknowledgementsResponseSchema.parse(
    await apiRequest(RESULT_ACKNOWLEDGEMENTS_BULK_PATH, { method: 'POST', body }),
  );
}
