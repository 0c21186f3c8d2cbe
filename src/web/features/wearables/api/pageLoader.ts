import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE } from '../../../../contract/console';
import { groupedTimeseriesSchema, nextTimeseriesCursor } from '../../../../contract/timeseries';
import { foldPage, type SeriesChunk } from '../lib/series';
import { forEachLimited } from '../lib/windows';

/*
 * Fetches, parses and folds every page of each window. It runs in the loading worker (and, for
 * the benchmark's comparison, on the main thread): no DOM, no React, only fetch.
 */

export interface WindowRequest {
  /** The BFF path of the window's first page. */
  readonly path: string;
}

export interface FoldedPage {
  readonly window: number;
  /** The page's place in its window's cursor chain. */
  readonly page: number;
  readonly chunks: SeriesChunk[];
  readonly samples: number;
}

/** A BFF answer that was not a success: the main thread turns it into the client's ApiError. */
export class PageRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly path: string,
  ) {
    super(`Request failed (${status})`);
    this.name = 'PageRequestError';
  }
}

function withCursor(path: string, cursor: string | null): string {
  if (!cursor) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ next_cursor: cursor }).toString()}`;
}

async function getPage(path: string, signal: AbortSignal | undefined) {
  const response = await fetch(path, {
    credentials: 'same-origin',
    headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE, accept: 'application/json' },
    signal: signal ?? null,
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new PageRequestError(response.status, body, path);
  }
  return groupedTimeseriesSchema.parse(await response.json());
}

/**
 * Every page of every window, `concurrency` windows at a time; each window follows its own
 * cursor. `onPage` hears each page folded, in arrival order (window and page say where it goes).
 */
export async function loadWindows(
  windows: readonly WindowRequest[],
  concurrency: number,
  onPage: (page: FoldedPage) => void,
  signal?: AbortSignal,
): Promise<void> {
  await forEachLimited(windows, concurrency, async (w, window) => {
    let cursor: string | null = null;
    let page = 0;
    do {
      const body = await getPage(withCursor(w.path, cursor), signal);
      cursor = nextTimeseriesCursor(body);
      const chunks = foldPage(body);
      const samples = chunks.reduce((n, c) => n + c.x.length, 0);
      onPage({ window, page: page++, chunks, samples });
    } while (cursor);
  });
}
