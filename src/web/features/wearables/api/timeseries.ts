import { queryOptions } from '@tanstack/react-query';
import { groupedTimeseriesSchema } from '../../../../contract/timeseries';
import { apiErrorFrom, apiGet, labPath } from '../../../shared/api/client';
import { toQueryRange, type IsoDate } from '../lib/dateRange';
import { mergeChunks, type Series, type SeriesChunk } from '../lib/series';
import { splitIntoWindows } from '../lib/windows';
import { PageRequestError, loadWindows, type FoldedPage, type WindowRequest } from './pageLoader';
import type { LoadMessage, LoadRequest } from './timeseries.worker';

export interface TimeseriesParams {
  userId: string;
  resource: string;
  /** The clinician's days, inclusive, in `timeZone`. */
  from: IsoDate;
  to: IsoDate;
  timeZone: string;
  /** '' for every provider. */
  provider: string;
}

export interface PagesProgress {
  pages: number;
  samples: number;
  /** The series so far, joined in order: what can be drawn before the last page. */
  series: Series[] | null;
}

export interface LoadedTimeseries {
  series: Series[];
  pages: number;
  samples: number;
}

/**
 * How pages are loaded. `windows-worker` is the console's; the others stay for bench/chart.mjs,
 * which compares them in one run (localStorage `wearables.loading`): `sequential-main` is the
 * previous strategy, one cursor chain parsed on the main thread.
 */
export type LoadingStrategy = 'windows-worker' | 'windows-main' | 'sequential-main';
const STRATEGIES: readonly LoadingStrategy[] = [
  'windows-worker',
  'windows-main',
  'sequential-main',
];

function strategy(): LoadingStrategy {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem('wearables.loading');
  } catch {
    // Storage can be blocked: the default it is.
  }
  return STRATEGIES.find((s) => s === chosen) ?? 'windows-worker';
}

/**
 * Windows fetched side by side. Two cores serve the BFF, the Lab API and the browser on a small
 * deployment; more lanes than this only queue (bench/chart.mjs).
 */
const CONCURRENCY = 4;
/** The picture is redrawn at most this often while pages arrive. */
const PARTIAL_EVERY_MS = 400;

function windowRequests(p: TimeseriesParams, split: boolean): WindowRequest[] {
  const base = `/v2/timeseries/${encodeURIComponent(p.userId)}/${encodeURIComponent(p.resource)}/grouped`;
  const windows = split ? splitIntoWindows(p.from, p.to) : [{ startDate: p.from, endDate: p.to }];
  return windows.map((w) => {
    const query: Record<string, string> = { ...toQueryRange(w.startDate, w.endDate, p.timeZone) };
    if (p.provider) query.provider = p.provider;
    return { path: labPath(base, query) };
  });
}

/**
 * Set once the worker's requests were refused twice in a row while the page's own went
 * through: its requests do not carry the session (a session cookie the worker's fetches
 * cannot see). Pages are then loaded on the main thread for the rest of the tab's life,
 * instead of a new worker, refused again, after every successful check.
 */
let workerRefused = false;

/** Pages kept by window and place in its cursor chain, joined oldest first. */
class PageStore {
  private readonly byWindow: SeriesChunk[][][] = [];
  pages = 0;
  samples = 0;

  put(page: FoldedPage): void {
    const window = (this.byWindow[page.window] ??= []);
    window[page.page] = page.chunks;
    this.pages++;
    this.samples += page.samples;
  }

  series(): Series[] {
    return mergeChunks(this.byWindow.flat(2));
  }
}

function runInWorker(
  request: LoadRequest,
  onPage: (page: FoldedPage) => void,
  signal?: AbortSignal,
): Promise<void> {
  const worker = new Worker(new URL('./timeseries.worker.ts', import.meta.url), {
    type: 'module',
  });
  return new Promise<void>((resolve, reject) => {
    const stop = () => {
      worker.terminate();
      reject(
        signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'),
      );
    };
    signal?.addEventListener('abort', stop, { once: true });
    const settle = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<LoadMessage>) => {
      const message = event.data;
      if (message.type === 'page') onPage(message);
      else if (message.type === 'done') {
        settle();
        resolve();
      } else {
        settle();
        reject(
          message.status
            ? new PageRequestError(message.status, message.body, message.path)
            : new Error(message.message),
        );
      }
    };
    worker.onerror = (event) => {
      settle();
      reject(new Error(event.message || 'The loading worker failed.'));
    };
    worker.postMessage(request);
  });
}

/**
 * Every page of a grouped timeseries: the range split into windows of whole days, a few
 * fetched at a time, each following its cursor to the end, parsed and folded in a worker.
 * `onProgress` hears after each page, with the series so far every few hundred ms.
 */
export async function fetchAllPages(
  p: TimeseriesParams,
  signal?: AbortSignal,
  onProgress?: (progress: PagesProgress) => void,
  /** Loads of this query already refused (401) although the session was then found valid. */
  refused = 0,
): Promise<LoadedTimeseries> {
  const chosen = strategy();
  const how = chosen === 'windows-worker' && workerRefused ? 'windows-main' : chosen;
  const windows = windowRequests(p, how !== 'sequential-main');
  const store = new PageStore();
  let drawnAt = performance.now();
  const onPage = (page: FoldedPage) => {
    store.put(page);
    const now = performance.now();
    const draw = now - drawnAt >= PARTIAL_EVERY_MS;
    if (draw) drawnAt = now;
    onProgress?.({
      pages: store.pages,
      samples: store.samples,
      series: draw ? store.series() : null,
    });
  };
  const load = () =>
    how === 'windows-worker'
      ? runInWorker({ windows, concurrency: CONCURRENCY }, onPage, signal)
      : loadWindows(windows, how === 'windows-main' ? CONCURRENCY : 1, onPage, signal);
  try {
    await load();
  } catch (error) {
    if (!(error instanceof PageRequestError)) throw error;
    if (error.status !== 401) throw await apiErrorFrom(error.status, error.body, error.message);
    // The session ended: the client asks to sign in again; once it has, the load starts over.
    await apiGet(error.path, groupedTimeseriesSchema, signal);
    // The page's own request went through. Refused again after that, the worker is what lacks
    // the session: the main thread loads. Refused even there, the load gives up instead of
    // asking forever (each round a worker and a request more, never an answer).
    if (refused >= 1 && how === 'windows-worker') workerRefused = true;
    else if (refused >= 1) throw await apiErrorFrom(error.status, error.body, error.message);
    return fetchAllPages(p, signal, onProgress, refused + 1);
  }
  // bench/chart.mjs measures from the last page's arrival to an interactive chart.
  performance.mark('wearables:data-arrived');
  return { series: store.series(), pages: store.pages, samples: store.samples };
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
    // A year of minutes is a few MB of typed arrays: kept while the page is open, dropped soon after.
    gcTime: 60_000,
    staleTime: 5 * 60_000,
  });
