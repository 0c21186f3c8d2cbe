import { queryOptions } from '@tanstack/react-query';
import { groupedTimeseriesSchema, nextTimeseriesCursor } from '../../../../contract/timeseries';
import { apiGet, labPath } from '../../../shared/api/client';
import type { QueryRange } from '../lib/dateRange';
import { SeriesCollector, type Series } from '../lib/series';

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

export interface LoadedTimeseries {
  series: Series[];
  pages: number;
  samples: number;
}

/**
 * Every page of a grouped timeseries: the first, then `next_cursor` until it is null. Each page
 * is folded into typed arrays as it arrives; `onProgress` hears after each page.
 */
export async function fetchAllPages(
  p: TimeseriesParams,
  signal?: AbortSignal,
  onProgress?: (progress: PagesProgress) => void,
): Promise<LoadedTimeseries> {
  const collector = new SeriesCollector();
  let cursor: string | null = null;
  const base = `/v2/timeseries/${encodeURIComponent(p.userId)}/${encodeURIComponent(p.resource)}/grouped`;
  do {
    const query: Record<string, string> = { ...p.range };
    if (p.provider) query.provider = p.provider;
    if (cursor) query.next_cursor = cursor;
    const page = await apiGet(labPath(base, query), groupedTimeseriesSchema, signal);
    cursor = nextTimeseriesCursor(page);
    // bench/chart.mjs measures from the last page's arrival to an interactive chart.
    if (!cursor) performance.mark('wearables:data-arrived');
    collector.add(page);
    onProgress?.({ pages: collector.pages, samples: collector.samples });
  } while (cursor);
  return { series: collector.finish(), pages: collector.pages, samples: collector.samples };
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
    // Typed arrays and hundreds of thousands of samples: never compared deeply.
    structuralSharing: false,
    // A year of minutes is tens of MB: keep it while the page is open, drop it soon after.
    gcTime: 60_000,
    staleTime: 5 * 60_000,
  });
