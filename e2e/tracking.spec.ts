import type { Page } from '@playwright/test';
import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  LOW_LEVEL_STATUSES,
  ordersPageSchema,
  parseOrderStatus,
  type Order,
} from '../src/contract';
import { expect, expectAccessible, test } from './fixtures';

/* Following orders: filters in the address bar, worklists, simulation, results, PDFs,
   cancellation and at-home phlebotomy, against the seeded local Lab API. */

const headers = { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE };
const lowOf = (o: Order) => parseOrderStatus(o.last_event.status).lowLevel;

/** Every seeded order, read through the BFF as the signed-in user. */
async function seededOrders(page: Page): Promise<Order[]> {
  const orders: Order[] = [];
  for (let p = 1; ; p++) {
    const response = await page.request.get(`/api/lab/v3/orders?size=100&page=${p}`, { headers });
    const batch = ordersPageSchema.parse(await response.json()).orders;
    orders.push(...batch);
    if (batch.length < 100) return orders;
  }
}

function pick(orders: Order[], test: (o: Order) => boolean, what: string): Order {
  const index = orders.findIndex(test);
  expect(index, `the seed holds ${what}`).toBeGreaterThanOrEqual(0);
  // Taken out, so no other journey in this file acts on the same order.
  return orders.splice(index, 1)[0] as Order;
}

test('filters live in the address bar: a reload shows the same view', async ({ page, signIn }) => {
  await signIn('coordinator');
  const filters = page.getByRole('search', { name: 'Filter orders' });
  await test.step('filter by status and collection method', async () => {
    // Chips: each choice applies at once.
    await filters.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Ordered', exact: true }).click();
    await page.keyboard.press('Escape');
    await filters.getByRole('button', { name: /Collection method/ }).click();
    await page.getByRole('option', { name: 'Test kit', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/status=.*ordered/);
    await expect(page).toHaveURL(/method=.*testkit/);
  });
  const caption = page.getByRole('table').getByRole('caption');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Test kit');
  await expect(rows.nth(1)).toContainText('Ordered');
  const before = await caption.textContent();

  await test.step('reload and find the same view', async () => {
    await page.reload();
    await expect(caption).toHaveText(before ?? '');
    await expect(filters.getByRole('button', { name: 'Remove Ordered' })).toBeVisible();
    await expect(filters.getByRole('button', { name: 'Remove Test kit' })).toBeVisible();
    const statuses = await page.getByRole('table').getByRole('row').allTextContents();
    for (const row of statuses.slice(1)) expect(row).toContain('Ordered');
    await expectAccessible(page);
  });
});

test('the overdue worklist finds a seeded overdue order', async ({ page, signIn }) => {
  await signIn('coordinator');
  const today = new Date().toISOString().slice(0, 10);
  const overdue = pick(
    await seededOrders(page),
    // The worklist filters by the statuses the contract knows; the seed also holds
    // orders in statuses it has never seen, which no status filter can name.
    (o) =>
      !/^(completed|cancelled|failed)\./.test(o.last_event.status) &&
      (LOW_LEVEL_STATUSES as readonly string[]).includes(lowOf(o)) &&
      (o.expected_result_by_date ?? '9999').slice(0, 10) < today,
    'an open order past its expected result date',
  );
  await page.getByRole('link', { name: 'Overdue' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Checked all/ })).toBeVisible();
  await expect(
    page
      .getByRole('table')
      .getByText(/Overdue|Past worst case/)
      .first(),
  ).toBeVisible();

  await page.getByLabel('Search').fill(overdue.id);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/worklist=overdue/);
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText(overdue.patient_details?.last_name ?? '');
  await expect(row.getByText(/Overdue|Past worst case/)).toBeVisible();
});

test('simulate an order to completion, read its results and download the PDF', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  const kit = pick(
    await seededOrders(page),
    (o) => o.lab_test.method === 'testkit' && lowOf(o) === 'ordered' && !o.activate_by,
    'a test kit still ordered',
  );
  await page.goto(`/orders/${kit.id}`);
  const events = page.getByRole('region', { name: 'Events' }).getByRole('listitem');
  await expect(events).toHaveCount(1);

  await test.step('simulate to completed with a critical result and a missing marker', async () => {
    await page.getByRole('button', { name: /Final status$/ }).click();
    await page.getByRole('option', { name: 'Completed', exact: true }).click();
    await page.getByRole('button', { name: /Interpretation$/ }).click();
    await page.getByRole('option', { name: 'Critical', exact: true }).click();
    await page.getByLabel('Leave some results missing').check();
    await page.getByRole('button', { name: 'Simulate' }).click();
  });

  await test.step('the timeline and the results appear', async () => {
    await expect(events.last()).toContainText('Completed');
    await expect(events.filter({ hasText: 'In transit to lab' })).toHaveCount(1);
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results.getByRole('table', { name: 'Biomarkers' })).toBeVisible();
    await expect(results.getByText('Critical').first()).toBeVisible();
    await expect(results.getByRole('table', { name: 'Missing results' })).toContainText(
      'Quantity not sufficient failure',
    );
    // The critical result also arrives live, as an alert: checked with it on the page.
    await expect(
      page.getByRole('region', { name: 'Critical results' }).getByRole('alert'),
    ).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('download the result PDF', async () => {
    const download = page.waitForEvent('download');
    // By keyboard: the critical result's alert, fixed at the bottom right, may cover the button.
    await page.getByRole('button', { name: 'Documents' }).press('Enter');
    await page.getByRole('menuitem', { name: 'Result (PDF)' }).press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe(`results-${kit.id}.pdf`);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

test('cancel an order that may be cancelled; a shipped test kit offers no cancel', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  const orders = await seededOrders(page);
  const walkIn = pick(
    orders,
    (o) => o.lab_test.method === 'walk_in_test' && lowOf(o) === 'ordered',
    'a walk-in order still ordered',
  );
  const shipped = pick(
    orders,
    (o) => o.lab_test.method === 'testkit' && lowOf(o) === 'transit_customer',
    'a test kit in transit to the patient',
  );

  await test.step('cancel with confirmation', async () => {
    await page.goto(`/orders/${walkIn.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('region', { name: 'Events' }).getByRole('listitem').last(),
    ).toContainText('Cancelled');
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  });

  await test.step('a shipped test kit has no cancel action', async () => {
    await page.goto(`/orders/${shipped.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('This order can no longer be cancelled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  });
});

test('book a phlebotomy appointment with notes, reschedule it and cancel it', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  const order = pick(
    await seededOrders(page),
    (o) =>
      o.lab_test.method === 'at_home_phlebotomy' &&
      ['ordered', 'requisition_created', 'appointment_pending'].includes(lowOf(o)) &&
      o.patient_address?.zip === '85004' &&
      !o.activate_by,
    'a phlebotomy order in Phoenix that can be booked',
  );
  await page.goto(`/orders/${order.id}`);
  const panel = page.getByRole('region', { name: 'At-home phlebotomy' });

  await test.step('book the first slot with notes', async () => {
    await panel.getByRole('button', { name: 'Find available slots' }).click();
    // Slots are in Phoenix time, named, whatever the viewer's own zone.
    const times = panel.getByRole('group', { name: 'Time' }).getByRole('radio');
    await expect(times.first()).toBeVisible();
    for (const label of await panel
      .getByRole('group', { name: 'Time' })
      .locator('label')
      .allTextContents())
      expect(label).toMatch(/\d:\d{2}\s?[AP]M MST$/);
    await panel.getByLabel('Appointment notes').fill('Gate code 1234, dog is friendly');
    await panel.getByRole('button', { name: 'Book appointment' }).click();
    await expect(panel.getByText('Gate code 1234, dog is friendly')).toBeVisible();
    await expect(panel.getByText('Confirmed')).toBeVisible();
    await expect(panel.getByRole('definition').filter({ hasText: /MST$/ })).toHaveCount(1);
    await expectAccessible(page);
  });

  await test.step('reschedule to another day', async () => {
    await panel.getByRole('button', { name: 'Find new slots' }).click();
    await panel.getByRole('button', { name: /Day$/ }).click();
    await page.getByRole('option').nth(2).click();
    await panel.getByRole('button', { name: 'Reschedule appointment' }).click();
    // One booking and one reschedule, in the order timeline's words and case.
    const history = panel.getByRole('listitem');
    await expect(history.filter({ hasText: /Appointment scheduled$/ })).toHaveCount(1);
    await expect(history.filter({ hasText: /Appointment rescheduled$/ })).toHaveCount(1);
    await expect(history.filter({ hasText: /Appointment Scheduled/ })).toHaveCount(0);
    const events = page.getByRole('region', { name: 'Events' });
    await expect(
      events.getByRole('listitem').filter({ hasText: /Appointment rescheduled/ }),
    ).toHaveCount(1);
    await expect(events).not.toContainText('again');
  });

  await test.step('cancel it with a reason', async () => {
    await panel.getByRole('button', { name: 'Cancel appointment', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel the appointment?' });
    await dialog.getByRole('button', { name: /Reason$/ }).click();
    await page.getByRole('option', { name: 'Patient asked to cancel' }).click();
    await dialog.getByLabel('Notes').fill('Travelling that week');
    await dialog.getByRole('button', { name: 'Cancel the appointment' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Events' }).getByRole('listitem').last(),
    ).toContainText('Appointment cancelled');
  });
});

test('a clinician reads results but cannot cancel or simulate', async ({ page, signIn }) => {
  await signIn('clinician');
  const done = pick(
    await seededOrders(page),
    (o) => o.lab_test.method === 'walk_in_test' && lowOf(o) === 'completed',
    'a completed walk-in order',
  );
  await page.goto(`/orders/${done.id}`);
  await expect(
    page.getByRole('region', { name: 'Results' }).getByRole('table', { name: 'Biomarkers' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Documents' }).click();
  await expect(page.getByRole('menuitem', { name: 'Result (PDF)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Simulate' })).toHaveCount(0);
});

test('with a delay between steps, the page follows the order as it moves', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  const walkIn = pick(
    await seededOrders(page),
    (o) => o.lab_test.method === 'walk_in_test' && lowOf(o) === 'ordered' && !o.activate_by,
    'a walk-in order still ordered',
  );
  await page.goto(`/orders/${walkIn.id}`);
  await page.getByLabel('Seconds between steps').fill('1');
  await page.getByRole('button', { name: 'Simulate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'this page follows it' })).toBeVisible();
  const events = page.getByRole('region', { name: 'Events' }).getByRole('listitem');
  await expect(events.last()).toContainText('Completed', { timeout: 20_000 });
  await expect(events).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'Results' })).toBeVisible();
});
