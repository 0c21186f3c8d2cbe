import { queryOptions } from '@tanstack/react-query';
import {
  groupedTimeseriesSchema,
  nextTimeseriesCursor,
  type GroupedTimeseries,
} from '../../../../contract/timeseries';
import { apiGet, labPath } from '../../../shared/api/client';
import type { QueryRange } from '../lib/dateRange';

export interface TimeseriesParams {
  userId: string;
  resource: string;
  range: QueryRange;
  /** '' for every provider. */
  provider: string;
}

export interface PagesProgress {
  pages: number;
  samples: number;
}

const countSamples = (page: GroupedTimeseries) =>
  Object.values(page.groups).reduce(
    (n, groups) => n + groups.reduce((m, g) => m + g.data.length, 0),
    0,
  );

/**
 * Every page of a grouped timeseries: the first, then `next_cursor` until it is null.
 * `onProgress` hears after each page, for the progress indicator.
 */
export async function fetchAllPages(
  p: TimeseriesParams,
  signal?: AbortSignal,
  onProgress?: (progress: PagesProgress) => void,
): Promise<GroupedTimeseries[]> {
  const pages: GroupedTimeseries[] = [];
  let samples = 0;
  let cursor: string | null = null;
  const base = `/v2/timeseries/${encodeURIComponent(p.userId)}/${encodeURIComponent(p.resource)}/grouped`;
  do {
    const query: Record<string, string> = { ...p.range };
    if (p.provider) query.provider = p.provider;
    if (cursor) query.next_cursor = cursor;
    const page = await apiGet(labPath(base, query), groupedTimeseriesSchema, signal);
    pages.push(page);
    samples += countSamples(page);
    onProgress?.({ pages: pages.length, samples });
    cursor = nextTimeseriesCursor(page);
  } while (cursor);
  return pages;
}

/** All pages of one query; progress goes to `onProgress` (not part of the key). */
export const timeseriesQueryOptions = (
  p: TimeseriesParams,
  onProgress?: (progress: PagesProgress) => void,
) =>
  // onProgress only reports; it does not change the answer, so it is not part of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey: ['timeseries', p],
    queryFn: ({ signal }) => fetchAllPages(p, signal, onProgress),
    // A year of minutes is tens of MB parsed: keep it while the page is open, drop it soon after.
    gcTime: 60_000,
    staleTime: 5 * 60_000,
  });
