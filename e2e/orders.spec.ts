import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  ordersPageSchema,
  parseOrderStatus,
} from '../src/contract';
import { expect, expectAccessible, signInOnPage, test } from './fixtures';

test('a coordinator signs in, sees orders, opens one and reads its events oldest first', async ({
  page,
  signIn,
}) => {
  await test.step('sign in', async () => {
    await page.goto('/sign-in');
    await expectAccessible(page);
    await signIn('coordinator');
  });

  await test.step('the orders list shows real orders from the Lab API', async () => {
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    for (const header of [
      'Patient',
      'Lab test',
      'Collection method',
      'Status',
      'Created',
      'Expected result',
    ]) {
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    }
    // The first page of 50 orders; rows are virtualised, so only those in view are rows.
    await expect(table.getByRole('caption')).toContainText(/Orders 1–50 of/);
    expect(await table.getByRole('row').count()).toBeGreaterThan(10);
    await expectAccessible(page);
    // The README's screenshot; refreshed with UPDATE_SCREENSHOTS=1.
    await page.screenshot({
      path: process.env.UPDATE_SCREENSHOTS
        ? 'docs/screenshots/orders.png'
        : test.info().outputPath('orders.png'),
    });
  });

  await test.step('open an order and see its events', async () => {
    const firstLink = page.getByRole('table').getByRole('link').first();
    const patient = (await firstLink.textContent())?.trim() ?? '';
    await firstLink.click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(patient);
    const events = page.getByRole('region', { name: 'Events' }).getByRole('listitem');
    await expect(events.first()).toBeVisible();
    const times = await events
      .locator('time')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime') ?? ''));
    expect(times.length).toBeGreaterThan(0);
    expect([...times].sort()).toEqual(times);
    await expectAccessible(page);
  });
});

test('a status the console has never seen reads as text', async ({ page, signIn }) => {
  await signIn('coordinator');
  const response = await page.request.get('/api/lab/v3/orders?size=100&page=1', {
    headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE },
  });
  let orders = ordersPageSchema.parse(await response.json()).orders;
  for (let p = 2; p <= 4; p++) {
    const more = await page.request.get(`/api/lab/v3/orders?size=100&page=${p}`, {
      headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE },
    });
    orders = orders.concat(ordersPageSchema.parse(await more.json()).orders);
  }
  const unknown = orders.find((o) => parseOrderStatus(o.last_event.status).knownLowLevel === null);
  expect(unknown, 'the seed holds an order with an unknown status').toBeDefined();
  if (!unknown) return;
  const words = parseOrderStatus(unknown.last_event.status).lowLevel.replaceAll('_', ' ');
  await page.goto(`/orders/${unknown.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText(new RegExp(words, 'i')).first()).toBeVisible();
});

test('an unknown order shows a not-found page', async ({ page, signIn, expectHttpError }) => {
  expectHttpError('/api/lab/v3/order/00000000-0000-4000-8000-000000000000', 404);
  await signIn('coordinator');
  await page.goto('/orders/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: /orders/i }).first()).toBeVisible();
});

test('signed out, a deep link leads to sign-in and then back to where the user was', async ({
  page,
}) => {
  await page.goto('/orders/new');
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await signInOnPage(page, 'coordinator');
  await expect(page).toHaveURL(/\/orders\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
});
