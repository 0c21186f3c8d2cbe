import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../contract/webhooks';
import {
  coalesceKeys,
  refetchKeysFor,
  resyncQueryKeys,
  staleQueryKeys as staleKeysOf,
} from './app/live/lib/staleQueries';
import { refreshAfterOrderPlaced } from './features/order-forms/lib/orderPlaced';
import { LIVE_STALENESS } from './liveStaleness';
import { orderKeys } from './shared/api/orders';

const ORDER = '3f9a2c1e-0b4d-4c6e-8f00-1234567890ab';
const OTHER = '7d2c1a9e-3b4f-4c6d-9e8f-0a1b2c3d4e5f';
const event = (fields: Partial<LiveEvent> & Pick<LiveEvent, 'kind'>): LiveEvent => ({
  id: '1',
  recordId: ORDER,
  at: '2026-03-01T12:00:00.000Z',
  ...fields,
});
const staleQueryKeys = (e: LiveEvent) => staleKeysOf(LIVE_STALENESS, e);
const RESYNC_QUERY_KEYS = resyncQueryKeys(LIVE_STALENESS);

describe('which queries a live event makes stale', () => {
  it('an order change: every orders list and that order’s page (results, appointment too)', () => {
    expect(
      staleQueryKeys(event({ kind: 'order', status: 'collecting_sample.walk_in_test.ordered' })),
    ).toEqual([
      ['orders', 'list'],
      ['orders', 'detail', ORDER],
    ]);
  });

  it('an order whose results arrived: the results inbox and its count too', () => {
    for (const status of [
      'completed.walk_in_test.completed',
      'sample_with_lab.testkit.partial_results',
      'completed.testkit.corrected',
    ]) {
      expect(staleQueryKeys(event({ kind: 'order', status }))).toEqual([
        ['orders', 'list'],
        ['orders', 'detail', ORDER],
        ['results-inbox'],
      ]);
    }
  });

  it('a critical result: the lists, the page of the order it belongs to and the inbox', () => {
    expect(
      staleQueryKeys(event({ kind: 'critical_result', recordId: OTHER, orderId: ORDER })),
    ).toEqual([['orders', 'list'], ['orders', 'detail', ORDER], ['results-inbox']]);
  });

  it('an appointment: its order’s page only (the order’s own change comes as an order event)', () => {
    expect(staleQueryKeys(event({ kind: 'appointment', recordId: OTHER, orderId: ORDER }))).toEqual(
      [['orders', 'detail', ORDER]],
    );
    expect(staleQueryKeys(event({ kind: 'appointment', recordId: OTHER }))).toEqual([
      ['orders', 'list'],
    ]);
  });

  it('an unmatched result: the ops queue and that result', () => {
    expect(staleQueryKeys(event({ kind: 'unmatched_result' }))).toEqual([
      ['unmatched-results', 'list'],
      ['unmatched-results', 'detail', ORDER],
    ]);
  });

  it('a parsing job: the jobs list and the job page’s queries', () => {
    expect(staleQueryKeys(event({ kind: 'parsing_job' }))).toEqual([
      ['parsing-jobs', 'list'],
      ['parsing-jobs', 'detail', ORDER],
      ['parsing-jobs', 'record', ORDER],
    ]);
  });

  it('a burst invalidates each key once, and nothing a shorter key already covers', () => {
    const burst = [
      ...staleQueryKeys(event({ kind: 'order' })),
      ...staleQueryKeys(event({ kind: 'order' })),
      ...staleQueryKeys(event({ kind: 'order', recordId: OTHER })),
      ...RESYNC_QUERY_KEYS.slice(1),
    ];
    expect(coalesceKeys(burst)).toEqual([
      ['results-inbox'],
      ['unmatched-results'],
      ['parsing-jobs'],
      ['orders', 'list'],
      ['orders', 'detail', ORDER],
      ['orders', 'detail', OTHER],
    ]);
    const all = coalesceKeys([...burst, ...RESYNC_QUERY_KEYS]);
    expect(all).toHaveLength(RESYNC_QUERY_KEYS.length);
    expect(all).toEqual(expect.arrayContaining([...RESYNC_QUERY_KEYS]));
  });
});

describe('the person who placed an order', () => {
  /** An orders list on screen (an active query) that counts how often it is fetched. */
  async function shownOrdersList() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    let fetches = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: orderKeys.page(1, 20),
      queryFn: () => ++fetches,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await queryClient.refetchQueries({ queryKey: orderKeys.all });
    fetches = 0;
    /** What the shell's live updates do with an event as it arrives. */
    const arrives = (e: LiveEvent) =>
      Promise.all(
        coalesceKeys(refetchKeysFor(LIVE_STALENESS, e)).map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    return { queryClient, fetches: () => fetches, arrives, unsubscribe };
  }

  const placed = { id: OTHER, last_event: { status: 'received.ordered' } } as const;

  it('gets the orders list fetched once, not again when the live event announces the order', async () => {
    const list = await shownOrdersList();
    await refreshAfterOrderPlaced(list.queryClient, placed as never);
    expect(list.fetches()).toBe(1);
    await list.arrives(event({ kind: 'order', recordId: OTHER, status: 'received.ordered' }));
    expect(list.fetches()).toBe(1);
    list.unsubscribe();
  });

  it('still gets the list refetched for a later change of that order, and for other orders', async () => {
    const list = await shownOrdersList();
    await refreshAfterOrderPlaced(list.queryClient, placed as never);
    await list.arrives(event({ kind: 'order', recordId: OTHER, status: 'received.ordered' }));
    await list.arrives(event({ kind: 'order', recordId: OTHER, status: 'sample_with_lab' }));
    expect(list.fetches()).toBe(2);
    await list.arrives(event({ kind: 'order', recordId: ORDER, status: 'received.ordered' }));
    expect(list.fetches()).toBe(3);
    list.unsubscribe();
  });
});
