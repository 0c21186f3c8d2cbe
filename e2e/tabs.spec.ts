import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  ordersPageSchema,
  type Order,
} from '../src/contract';
import type { Page } from '@playwright/test';
import { DEMO } from './support/accounts';
import { expect, test } from './fixtures';

/*
 * Coordinators work in many tabs. A browser gives a host six connections over HTTP/1.1 (how
 * the journeys' consoles are served), and each tab's live stream used to hold one: the
 * seventh tab stayed on "Connecting…" and navigation hung in all of them. The tabs now share
 * one stream (src/web/app/live/lib/sharedLiveStream.ts). Eight tabs here, more than the
 * limit: every one works, hears live events, and keeps hearing them when the tab that holds
 * the stream closes.
 */

const headers = { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE };
const TABS = 8;

test('more tabs than the browser allows connections all work and hear live events', async ({
  page,
  playwright,
  stack,
  signIn,
}) => {
  test.slow();
  await signIn('coordinator');
  const listed = await page.request.get(
    '/api/lab/v3/orders?status=ordered&order_type=testkit&size=100',
    { headers },
  );
  const kits = ordersPageSchema
    .parse(await listed.json())
    .orders.filter((o: Order) => !o.activate_by)
    .slice(0, 2);
  if (kits.length < 2) throw new Error('the seed holds two test kits still ordered');
  const [first, second] = kits as [Order, Order];

  // The first half of the tabs shows the first kit, the second half the second.
  const tabs: Page[] = [page];
  const shown = (index: number) => (index < TABS / 2 ? first : second);
  await test.step(`${TABS} tabs show the orders list, each live`, async () => {
    for (let i = 1; i < TABS; i += 1) tabs.push(await page.context().newPage());
    for (const [index, tab] of tabs.entries()) {
      await tab.goto(`/orders?q=${shown(index).id}`);
      await expect(tab.getByRole('table').getByRole('row').nth(1)).toContainText('Ordered');
      await expect(tab.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    }
  });

  await test.step('navigation works in the last tab opened', async () => {
    const last = tabs[TABS - 1] as Page;
    await last.getByRole('link', { name: 'New order' }).first().click();
    await expect(last.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
    await last.goBack();
    await expect(last.getByRole('table').getByRole('row').nth(1)).toContainText('Ordered');
  });

  const api = await playwright.request.newContext({ baseURL: stack.url });
  await api.post('/api/session', {
    headers,
    data: { email: DEMO.coordinator.email, password: DEMO.coordinator.password },
  });
  const complete = async (order: Order) => {
    const simulated = await api.post(
      `/api/lab/v3/order/${order.id}/test?final_status=completed.testkit.completed&delay=0`,
      { headers, data: {} },
    );
    expect(simulated.status()).toBe(200);
  };

  await test.step('an order completed elsewhere changes in every tab without a reload', async () => {
    await complete(first);
    for (const tab of tabs.slice(0, TABS / 2)) {
      await expect(tab.getByRole('table').getByRole('row').nth(1)).toContainText('Completed', {
        timeout: 20_000,
      });
    }
  });

  await test.step('the tab holding the stream closes; the others still hear', async () => {
    // The first tab opened took the stream's lock first; the tabs left are not reloaded.
    for (const tab of tabs.slice(0, TABS / 2)) await tab.close();
    const open = tabs.slice(TABS / 2);
    await complete(second);
    for (const tab of open) {
      await expect(tab.getByRole('table').getByRole('row').nth(1)).toContainText('Completed', {
        timeout: 20_000,
      });
      await expect(tab.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    }
  });
  await api.dispose();
});
