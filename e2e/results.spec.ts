import { request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE } from '../src/contract/console';
import { ordersPageSchema } from '../src/contract/order';
import { labResultsRawSchema } from '../src/contract/results';
import { DEMO } from './support/accounts';
import { expect, expectAccessible, test } from './fixtures';

const headers = { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE };

/**
 * As a coordinator, through the console's API: a new critical result for a patient who
 * already had the same test, so the result page has earlier values to show.
 */
async function simulateCriticalResult(api: APIRequestContext): Promise<string> {
  const signIn = await api.post('/api/session', {
    headers,
    data: { email: DEMO.coordinator.email, password: DEMO.coordinator.password },
  });
  expect(signIn.ok()).toBe(true);
  const list = async (status: string) =>
    ordersPageSchema.parse(
      await (await api.get(`/api/lab/v3/orders?status=${status}&size=100`, { headers })).json(),
    ).orders;
  const done = new Set((await list('completed')).map((o) => `${o.user_id}|${o.lab_test.id}`));
  const order = (await list('ordered')).find((o) => done.has(`${o.user_id}|${o.lab_test.id}`));
  if (!order) throw new Error('the seed has no repeat order to simulate');
  const simulated = await api.post(`/api/lab/v3/order/${order.id}/test?delay=0`, {
    headers,
    data: { interpretation: 'critical' },
  });
  expect(simulated.ok()).toBe(true);
  return order.id;
}

async function inBothThemes(page: Page, check: () => Promise<void>) {
  await page.emulateMedia({ colorScheme: 'light' });
  await check();
  await page.emulateMedia({ colorScheme: 'dark' });
  await check();
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a clinician sees a critical result first, reads its trend and acknowledges it', async ({
  page,
  signIn,
  stack,
}) => {
  // Five axe runs over two themes: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const api = await apiRequest.newContext({ baseURL: stack.url });
  const orderId = await simulateCriticalResult(api);
  await api.dispose();
  await signIn('clinician');

  await test.step('the inbox lists critical results first', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(
      nav.getByRole('link', { name: /^Results \d+ waiting, \d+ critical$/ }),
    ).toBeVisible();
    await nav.getByRole('link', { name: /^Results/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Results inbox' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toContainText('Critical');
    await expect(page.locator(`a[href="/results/${orderId}"]`)).toBeVisible();
    // The row names the critical marker and which way it lies, not only "Critical".
    const row = rows.filter({ has: page.locator(`a[href="/results/${orderId}"]`) });
    await expect(row).toContainText(/, critical (high ↑|low ↓)/);
    await inBothThemes(page, () => expectAccessible(page));
  });

  await test.step('acknowledging normals together asks first and can be undone', async () => {
    const bulk = page.getByRole('group', { name: 'Acknowledge normal results' });
    const waiting = page.getByRole('table').locator('caption');
    const before = await waiting.textContent();
    await bulk.getByRole('button', { name: 'Select all final normal results' }).click();
    const selected = await page.getByRole('checkbox', { checked: true }).count();
    expect(selected).toBeGreaterThan(0);
    await bulk.getByRole('button', { name: /^Acknowledge \d+ normal results?$/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Acknowledge ${String(selected)} normal result`);
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    const pending = bulk.getByRole('status');
    await expect(pending).toContainText(/will be acknowledged in \d+ s/);
    await bulk.getByRole('button', { name: 'Undo' }).click();
    await expect(pending).toHaveText('');
    // Past the undo window, nothing was sent: the inbox still holds them all.
    await page.waitForTimeout(11_000);
    await page.reload();
    await expect(waiting).toHaveText(before ?? '');
  });

  await test.step('the result shows its flags beside the earlier values and trends', async () => {
    await page.locator(`a[href="/results/${orderId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/results/${orderId}$`));
    await expect(
      page.getByRole('heading', { level: 2, name: 'Results and earlier values' }),
    ).toBeVisible();
    // Two identifiers and where the sample came from, as the lab reported them.
    const answer = await page.request.get(`/api/lab/v3/order/${orderId}/result`, { headers });
    const metadata = labResultsRawSchema.parse(await answer.json()).metadata;
    const facts = page.locator('.result-facts');
    await expect(facts.getByText('Born', { exact: true })).toBeVisible();
    await expect(facts).toContainText(/\(\d+ years\) · (Male|Female|Other|Unknown)/);
    await expect(facts.getByText('Collected', { exact: true })).toBeVisible();
    expect(metadata.date_collected).toBeTruthy();
    await expect(facts).not.toContainText('Not given by the lab');
    await expect(facts).toContainText(metadata.specimen_number ?? '');
    await expect(facts.getByText('Ordering physician')).toBeVisible();
    // A critical value says which way it lies, in words and arrow.
    await expect(
      page
        .getByRole('table')
        .first()
        .getByText(/^Critical (high ↑|low ↓)$/)
        .first(),
    ).toBeVisible();
    const trends = page.getByRole('region', { name: 'Trends' });
    const firstTrend = trends.getByRole('img').first();
    await expect(firstTrend).toBeVisible();
    await expect(firstTrend).toHaveAccessibleName(/values from .* latest/);
    await inBothThemes(page, () => expectAccessible(page));
    await trends.getByRole('tab', { name: 'Table' }).first().click();
    await expect(trends.getByRole('table').first()).toContainText(/Critical|High|Low|Normal/);
    await expectAccessible(page);
  });

  await test.step('a trend opens to a full chart that zooms by keyboard, and resets', async () => {
    const trends = page.getByRole('region', { name: 'Trends' });
    await trends
      .getByRole('button', { name: /^Full chart/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /over time$/ });
    await expect(dialog.getByRole('figure', { name: /chart$/ })).toBeVisible();
    // The chart's code may still be arriving: its skeleton is a status too, so name the one meant.
    await expect(dialog.getByText(/^Loading the .* chart/)).toHaveCount(0);
    const shown = dialog.getByRole('status').filter({ hasText: /^Showing/ });
    await expect(shown).toHaveText(/^Showing all \d+ values/);
    await dialog.getByRole('button', { name: 'Zoom in' }).press('Enter');
    await expect(shown).toHaveText(/^Showing \d+ of \d+ values/);
    await dialog.getByRole('button', { name: 'Reset zoom' }).press('Enter');
    await expect(shown).toHaveText(/^Showing all \d+ values/);
    await dialog.getByRole('tab', { name: 'Table' }).click();
    await expect(dialog.getByRole('table')).toContainText(/Critical|High|Low|Normal/);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  await test.step('acknowledging takes it out of the inbox', async () => {
    // A critical result needs a note: without one, nothing is recorded.
    const note = page.getByLabel('Note (required for a critical result)');
    await page.getByRole('button', { name: 'Acknowledge result' }).click();
    await expect(note).toBeFocused();
    await expect(page.getByText(/^Acknowledged by clinician@/)).toHaveCount(0);
    await note.fill('Called the patient.');
    await page.getByRole('button', { name: 'Acknowledge result' }).click();
    await expect(page.getByText(/^Acknowledged by clinician@/)).toBeVisible();
    // Focus moves to the confirmation, which offers the next result waiting.
    const confirmation = page.getByRole('status').filter({ hasText: /^Acknowledged by/ });
    await expect(confirmation).toBeFocused();
    await expect(confirmation.getByRole('link', { name: /^Next result: / })).toBeVisible();
    await page.getByRole('link', { name: 'Results inbox' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Results inbox' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.locator(`a[href="/results/${orderId}"]`)).toHaveCount(0);
  });
});
