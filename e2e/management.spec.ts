import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  ordersPageSchema,
  type Order,
} from '../src/contract';
import { DEMO } from './support/accounts';
import { expect, expectAccessible, test } from './fixtures';

/*
 * Management, through `npm start`'s wiring: the console's own webhook endpoint
 * is an endpoint of the local organisation. An admin rotates its signing secret, and the
 * next event the Lab API sends still arrives verified in the webhook inbox. An API key is
 * shown once when made, and deleted.
 */

const headers = { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE };

test('an admin rotates the webhook signing secret and the next delivery still verifies', async ({
  page,
  playwright,
  stack,
  signIn,
}) => {
  await signIn('admin');

  await test.step('the admin finds the console’s own endpoint among the webhook endpoints', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Administration' })
      .click();
    await page.getByRole('link', { name: 'Webhook endpoints' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook endpoints' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'This console' })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('an endpoint at the cloud metadata address or for an unknown event is refused', async () => {
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill('http://169.254.169.254/latest/meta-data/');
    await dialog.getByLabel(/^Event types/).fill('nonsense.event');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('This is a cloud metadata address')).toBeVisible();
    await expect(
      dialog.getByText('nonsense.event is not an event the Lab API sends'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('and rotates its signing secret', async () => {
    const row = page.getByRole('row').filter({ hasText: 'This console' });
    await row.getByRole('button', { name: 'Signing secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    await dialog.getByRole('button', { name: 'Show secret' }).click();
    const before = await dialog.getByLabel('Signing secret').textContent();
    expect(before).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    await dialog.getByRole('button', { name: 'Rotate now' }).click();
    await expect(
      page.getByText('The console verifies deliveries with the new secret now'),
    ).toBeVisible();

    // The endpoint's secret is a new one.
    await row.getByRole('button', { name: 'Signing secret' }).click();
    await dialog.getByRole('button', { name: 'Show secret' }).click();
    await expect(dialog.getByLabel('Signing secret')).not.toHaveText(before ?? '');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('makes an API key, shown once, and deletes it', async () => {
    await page.goto('/admin/api-keys');
    const form = page.getByRole('form', { name: 'New API key' });
    await form.getByLabel('Label').fill('Journey key');
    // The key's team, from the keyboard: Tab reaches the select, Enter opens it on the
    // chosen team, Enter keeps it.
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: /Team$/ })).toBeFocused();
    await page.keyboard.press('Enter');
    const team = page.getByRole('option', { selected: true });
    await expect(team).toBeFocused();
    const teamName = (await team.textContent()) ?? '';
    await page.keyboard.press('Enter');
    await expect(team).toBeHidden();
    await expect(form.getByRole('button', { name: /Team$/ })).toHaveAccessibleName(
      `${teamName} Team`,
    );
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(shown.getByLabel('New key')).not.toBeEmpty();
    await shown.getByRole('button', { name: 'I have stored it' }).click();
    await expect(shown).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: 'Journey key' });
    await expect(row.getByRole('cell', { name: teamName, exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Delete Journey key' }).click();
    await page
      .getByRole('dialog', { name: 'Delete the key?' })
      .getByRole('button', { name: 'Delete key' })
      .click();
    await expect(row).toHaveCount(0);
  });

  let orderId = '';
  await test.step('a coordinator’s change makes the Lab API send an event', async () => {
    const api = await playwright.request.newContext({ baseURL: stack.url });
    const session = await api.post('/api/session', {
      headers,
      data: { email: DEMO.coordinator.email, password: DEMO.coordinator.password },
    });
    expect(session.status()).toBe(200);
    const listed = await api.get('/api/lab/v3/orders?status=ordered&order_type=testkit&size=100', {
      headers,
    });
    const kit = ordersPageSchema
      .parse(await listed.json())
      .orders.find((o: Order) => !o.activate_by);
    if (!kit) throw new Error('the seed holds a test kit still ordered');
    orderId = kit.id;
    const simulated = await api.post(
      `/api/lab/v3/order/${kit.id}/test?final_status=completed.testkit.completed&delay=0`,
      { headers, data: { interpretation: 'normal' } },
    );
    expect(simulated.status()).toBe(200);
    await api.dispose();
  });

  await test.step('the webhook inbox shows the event arrived, verified and processed', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Administration' })
      .click();
    await page.getByRole('link', { name: 'Webhook inbox', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook inbox' })).toBeVisible();
    // Only deliveries whose signature verified are ever stored; reload until it is in.
    await expect(async () => {
      await page.reload();
      const row = page.getByRole('row').filter({ hasText: orderId }).first();
      await expect(row).toContainText('Processed', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  });
});
