import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  ordersPageSchema,
  parseOrderStatus,
  type Order,
} from '../src/contract';
import { expect, expectAccessible, test } from './fixtures';

/* The order actions beside cancel: a walk-in visit at a patient service centre,
   an on-site draw completed, a scheduled order's activation date. Seeded orders. */

const headers = { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE };
const lowOf = (o: Order) => parseOrderStatus(o.last_event.status).lowLevel;

async function seededOrders(page: Page): Promise<Order[]> {
  const orders: Order[] = [];
  for (let p = 1; ; p++) {
    const response = await page.request.get(`/api/lab/v3/orders?size=100&page=${p}`, { headers });
    const batch = ordersPageSchema.parse(await response.json()).orders;
    orders.push(...batch);
    if (batch.length < 100) return orders;
  }
}

function find(orders: Order[], accept: (o: Order) => boolean, what: string): Order {
  const found = orders.find(accept);
  expect(found, `the seed holds ${what}`).toBeDefined();
  return found as Order;
}

test('a coordinator books and moves a walk-in visit, marks an on-site draw, reschedules an order', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  const orders = await seededOrders(page);

  const walkIn = find(
    orders,
    (o) => o.lab_test.method === 'walk_in_test' && lowOf(o) === 'requisition_created',
    'a walk-in order with its requisition',
  );
  await page.goto(`/orders/${walkIn.id}`);
  const panel = page.getByRole('region', { name: 'Walk-in appointment' });

  await test.step('book a visit at the nearest centre that takes bookings', async () => {
    const centres = panel.getByRole('group', { name: 'Centre' });
    await expect(centres.getByRole('radio').first()).toBeVisible();
    // Nearest first, each with its distance and hours.
    await expect(centres.getByRole('listitem').first()).toContainText(/Downtown · \d+ mi/);
    await expect(centres.getByRole('listitem').first()).toContainText('Mon–Fri 07:00–17:00');
    await expect(centres.getByRole('radio', { name: /Westgate/ })).toBeDisabled();
    await centres.getByRole('radio', { name: /Downtown/ }).check();
    await panel.getByRole('button', { name: 'Find slots at this centre' }).click();
    const times = panel.getByRole('group', { name: /^Time/ }).getByRole('radio');
    await expect(times.first()).toBeVisible();
    await panel.getByLabel('Appointment notes').fill('Fasting since midnight');
    await panel.getByRole('button', { name: 'Book appointment' }).click();
    await expect(panel.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(panel.getByText('Fasting since midnight')).toBeVisible();
    await expect(panel.getByText(/site Q\d{5}A/)).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('move it to another centre and day', async () => {
    await panel.getByRole('button', { name: 'Reschedule', exact: true }).click();
    await panel.getByRole('radio', { name: /North/ }).check();
    await panel.getByRole('button', { name: 'Find slots at this centre' }).click();
    await panel.getByRole('button', { name: /Day$/ }).click();
    await page.getByRole('option').nth(1).click();
    // The radius and day selects of the design system, with the centres and times.
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Move the appointment' }).click();
    await expect(panel.getByText(/site Q\d{5}B/)).toBeVisible();
    const history = panel.getByRole('list', { name: 'Appointment history' }).getByRole('listitem');
    await expect(history.filter({ hasText: /Appointment rescheduled$/ })).toHaveCount(1);
  });

  await test.step('mark an on-site draw completed', async () => {
    const onSite = find(
      orders,
      (o) => o.lab_test.method === 'on_site_collection' && lowOf(o) === 'requisition_created',
      'an on-site order with its requisition',
    );
    await page.goto(`/orders/${onSite.id}`);
    await page.getByRole('button', { name: 'Mark draw completed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark the draw completed?' });
    await dialog.getByRole('button', { name: 'Mark draw completed' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('region', { name: 'Events' }).getByRole('listitem').last(),
    ).toContainText(/Draw completed/i);
    // Once only: the action is gone.
    await expect(page.getByRole('button', { name: 'Mark draw completed' })).toHaveCount(0);
  });

  await test.step('move a scheduled order’s activation date', async () => {
    const scheduled = find(
      orders,
      (o) => lowOf(o) === 'ordered' && Boolean(o.activate_by),
      'a scheduled order',
    );
    await page.goto(`/orders/${scheduled.id}`);
    const section = page.getByRole('region', { name: 'Scheduled activation' });
    const date = section.getByLabel('New activation date');
    await date.fill('2020-01-01');
    await section.getByRole('button', { name: 'Change activation date' }).click();
    await expect(section.getByText('The activation date cannot be in the past')).toBeVisible();
    const later = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
    await date.fill(later);
    await section.getByRole('button', { name: 'Change activation date' }).click();
    await expect(page.getByText(/Activation moved to/)).toBeVisible();
    const check = await page.request.get(`/api/lab/v3/order/${scheduled.id}`, { headers });
    expect(((await check.json()) as { activate_by: string }).activate_by).toBe(later);
  });
});

test('the lab tests catalogue offers collection instructions only where they exist', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/lab-tests');
  const table = page.getByRole('table', { name: 'Lab tests' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const response = await page.request.get('/api/lab/v3/lab_test?lab_test_limit=100', {
    headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE },
  });
  const body = (await response.json()) as {
    data: { name: string; has_collection_instructions?: boolean | null }[];
  };
  const withInstructions = body.data.filter((t) => t.has_collection_instructions);
  expect(withInstructions.length).toBeGreaterThan(0);
  for (const t of body.data) {
    await expect(
      table.getByRole('button', { name: `Collection instructions of ${t.name} (PDF)` }),
    ).toHaveCount(t.has_collection_instructions ? 1 : 0);
  }
  // Pressing it saves the lab's PDF, as a person gets it (the call carries the anti-forgery header).
  const [first] = withInstructions;
  const download = page.waitForEvent('download');
  await table
    .getByRole('button', { name: `Collection instructions of ${first?.name ?? ''} (PDF)` })
    .click();
  const saved = await download;
  const bytes = await readFile(await saved.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
