import { queryOptions } from '@tanstack/react-query';
import { orderSchema } from '../../../../contract/order';
import {
  unmatchedResultSchema,
  unmatchedResultsPageSchema,
  type AcceptUnmatchedResult,
  type ResolveUnmatchedResult,
} from '../../../../contract/unmatchedResults';
import { apiGet, apiRequest, labPath } from '../../../shared/api/client';
import type { LiveStaleness } from '../../../shared/api/queryKeys';
import type { QueueSearch } from '../lib/queueSearch';

export const QUEUE_PAGE_SIZE = 20;

/** Every query key of the unmatched results (the ops queue and each result). */
export const unmatchedResultKeys = {
  all: ['unmatched-results'] as const,
  lists: () => [...unmatchedResultKeys.all, 'list'] as const,
  list: (search: QueueSearch) => [...unmatchedResultKeys.lists(), search] as const,
  detail: (id: string) => [...unmatchedResultKeys.all, 'detail', id] as const,
};

/** A new or changed unmatched result changes the queue and that result's page. */
export const unmatchedResultStaleness: LiveStaleness = {
  staleKeys: (event) =>
    event.kind === 'unmatched_result'
      ? [unmatchedResultKeys.lists(), unmatchedResultKeys.detail(event.recordId)]
      : [],
  resyncKeys: [unmatchedResultKeys.all],
};

/** The queue's filters as the Lab API names them (docs/lab-api-facts.md §9). */
function toQuery(search: QueueSearch): Record<string, string | number> {
  const query: Record<string, string | number> = { limit: QUEUE_PAGE_SIZE };
  if (search.status) query.status = search.status;
  if (search.decision) query.decision_code = search.decision;
  if (search.lab) query.lab_slug = search.lab;
  if (search.from) query.created_at_start = search.from;
  if (search.to) query.created_at_end = search.to;
  if (search.q) query.search_input = search.q;
  if (search.cursor) query.next_cursor = search.cursor;
  return query;
}

export const unmatchedResultsQueryOptions = (search: QueueSearch) =>
  queryOptions({
    queryKey: unmatchedResultKeys.list(search),
    queryFn: ({ signal }) =>
      apiGet(labPath('/v3/unmatched_result', toQuery(search)), unmatchedResultsPageSchema, signal),
  });

export const unmatchedResultQueryOptions = (id: string) =>
  queryOptions({
    queryKey: unmatchedResultKeys.detail(id),
    queryFn: ({ signal }) =>
      apiGet(
        labPath(`/v3/unmatched_result/${encodeURIComponent(id)}`),
        unmatchedResultSchema,
        signal,
      ),
  });

export async function acceptUnmatchedResult(id: string, body: AcceptUnmatchedResult) {
  const answer = await apiRequest(
    labPath(`/v3/unmatched_result/${encodeURIComponent(id)}/accept`),
    {
      method: 'POST',
      body,
    },
  );
  return orderSchema.parse(answer);
}

export async function resolveUnmatchedResult(id: string, body: ResolveUnmatchedResult) {
  const answer = await apiRequest(
    labPath(`/v3/unmatched_result/${encodeURIComponent(id)}/resolve`),
    { method: 'POST', body },
  );
  return unmatchedResultSchema.parse(answer);
}
