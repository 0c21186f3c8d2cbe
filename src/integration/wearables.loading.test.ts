import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { groupedTimeseriesSchema, nextTimeseriesCursor } from '../contract/timeseries';
import { PATIENTS } from '../sandbox/seed';
import type { LoadMessage, LoadRequest } from '../web/features/wearables/api/timeseries.worker';
import { toQueryRange } from '../web/features/wearables/lib/dateRange';
import { collectSeries, sampleCount } from '../web/features/wearables/lib/series';
import { startStack, type Stack } from './stack';

/*
 * The wearables page's loader against the real BFF and Lab API, with a loading worker whose
 * requests do not carry the session (a cookie the worker's fetches cannot see): the BFF
 * refuses them while it lets the page's own requests through. The loader used to start a new
 * worker after every successful check, for ever.
 */

let stack: Stack;
let cookie: string;
const patient = PATIENTS[2]?.id ?? '';
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const params = {
  userId: patient,
  resource: 'lean_body_mass',
  from: daysAgo(20),
  to: daysAgo(11),
  timeZone: 'UTC',
  provider: '',
};

beforeAll(async () => {
  stack = await startStack();
  cookie = await stack.signIn('clinician');
});
afterAll(() => stack.close());
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The page's fetch: same origin, so the session cookie goes along. */
async function pageFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = Object.fromEntries(new Headers(init?.headers).entries());
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const answer = await stack.request(cookie, 'GET', url, { headers });
  return new Response(answer.body, { status: answer.statusCode });
}

/** A loading worker whose requests go without the session cookie. */
class SessionlessWorker {
  static started = 0;
  onmessage: ((event: MessageEvent<LoadMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;

  constructor() {
    SessionlessWorker.started += 1;
  }

  postMessage(request: LoadRequest): void {
    const path = request.windows[0]?.path ?? '';
    void stack.request(null, 'GET', path).then((answer) => {
      const data: LoadMessage = {
        type: 'failed',
        status: answer.statusCode,
        body: answer.json(),
        path,
        message: `Request failed (${answer.statusCode})`,
      };
      this.onmessage?.({ data } as MessageEvent<LoadMessage>);
    });
  }

  terminate(): void {
    // Nothing runs between messages.
  }
}

/** Every sample of the range, read page by page with the session. */
async function expectedSamples(): Promise<number> {
  const query = new URLSearchParams({ ...toQueryRange(params.from, params.to, params.timeZone) });
  const base = `/api/lab/v2/timeseries/${patient}/${params.resource}/grouped?${query.toString()}`;
  const pages = [];
  let cursor: string | null = null;
  do {
    const url: string = cursor ? `${base}&next_cursor=${encodeURIComponent(cursor)}` : base;
    const page = groupedTimeseriesSchema.parse((await stack.request(cookie, 'GET', url)).json());
    pages.push(page);
    cursor = nextTimeseriesCursor(page);
  } while (cursor);
  return sampleCount(collectSeries(pages));
}

describe('loading a wearable series when the worker is refused', () => {
  it('loads on the main thread after a second refusal, and skips the worker afterwards', async () => {
    const expected = await expectedSamples();
    expect(expected).toBeGreaterThan(0);
    vi.stubGlobal('fetch', pageFetch);
    vi.stubGlobal('Worker', SessionlessWorker);
    vi.resetModules();
    const { fetchAllPages } = await import('../web/features/wearables/api/timeseries');

    const loaded = await fetchAllPages(params);
    expect(loaded.samples).toBe(expected);
    expect(sampleCount(loaded.series)).toBe(expected);
    expect(SessionlessWorker.started).toBe(2);

    const again = await fetchAllPages({ ...params, from: daysAgo(15) });
    expect(again.samples).toBeGreaterThan(0);
    expect(SessionlessWorker.started).toBe(2);
  });
});
