import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  ordersPageSchema,
  parseOrderStatus,
  patientDisplayName,
  type Order,
} from '../src/contract';
import { DEMO } from './support/accounts';
import { expect, expectAccessible, test } from './fixtures';

/*
 * Live updates end to end, through `npm start`'s wiring: the local Lab API
 * sends signed webhooks to the BFF, which streams live events to the open consoles.
 * Nobody reloads: the change arrives by itself.
 */

const headers = { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE };

test('an order moved elsewhere updates an open orders list, and clinicians see the critical result', async ({
  page,
  browser,
  playwright,
  stack,
  signIn,
}) => {
  // Two consoles open, a whole simulated lifecycle and its webhooks: more than most journeys.
  test.slow();
  await signIn('coordinator');
  const listed = await page.request.get(
    '/api/lab/v3/orders?status=ordered&order_type=testkit&size=100',
    {
      headers,
    },
  );
  const kit = ordersPageSchema.parse(await listed.json()).orders.find((o: Order) => !o.activate_by);
  if (!kit) throw new Error('the seed holds a test kit still ordered');
  expect(parseOrderStatus(kit.last_event.status).lowLevel).toBe('ordered');

  await test.step('the coordinator has the order in the orders list', async () => {
    await page.getByLabel('Search').fill(kit.id);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText('Ordered');
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  });

  const clinicianContext = await browser.newContext({ baseURL: stack.url });
  const clinician = await clinicianContext.newPage();
  await test.step('a clinician has the console open', async () => {
    // Signed in through the API (the sign-in page has journeys of its own), then the page.
    const session = await clinicianContext.request.post('/api/session', {
      headers,
      data: { email: DEMO.clinician.email, password: DEMO.clinician.password },
    });
    expect(session.status()).toBe(200);
    await clinician.goto('/orders');
    await expect(clinician.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(clinician.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  });

  await test.step('someone else simulates the order to a critical result, through the API', async () => {
    const api = await playwright.request.newContext({ baseURL: stack.url });
    const session = await api.post('/api/session', {
      headers,
      data: { email: DEMO.coordinator.email, password: DEMO.coordinator.password },
    });
    expect(session.status()).toBe(200);
    const simulated = await api.post(
      `/api/lab/v3/order/${kit.id}/test?final_status=completed.testkit.completed&delay=0`,
      { headers, data: { interpretation: 'critical' } },
    );
    expect(simulated.status()).toBe(200);
    await api.dispose();
  });

  await test.step('the row changes without a reload', async () => {
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText('Completed', { timeout: 20_000 });
  });

  await test.step('the clinician sees the critical-result alert', async () => {
    const alert = clinician.getByRole('alert').filter({ hasText: 'Critical result' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    // It names the patient and the critical marker with its direction, not only an order id.
    const patient = patientDisplayName(kit.patient_details);
    await expect(alert).toContainText(patient);
    await expect(alert).toContainText(/, critical (high ↑|low ↓)/);
    await expect(alert.getByRole('link', { name: `Open the result for ${patient}` })).toBeVisible();
    await expectAccessible(clinician);
    // It leaves the page's own controls free: the patients search button stays clickable.
    await clinician
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Patients' })
      .click();
    const searchButton = clinician.getByRole('search').getByRole('button', { name: 'Search' });
    await expect(searchButton).toBeVisible();
    await expect(alert).toBeVisible();
    const [button, box] = [await searchButton.boundingBox(), await alert.boundingBox()];
    if (!button || !box) throw new Error('the search button and the alert have a place');
    const overlaps =
      button.x < box.x + box.width &&
      box.x < button.x + button.width &&
      button.y < box.y + box.height &&
      box.y < button.y + button.height;
    expect(overlaps).toBe(false);
  });
  await clinicianContext.close();
});
