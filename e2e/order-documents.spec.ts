import type { Download, Page } from '@playwright/test';
import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE, ordersPageSchema } from '../src/contract';
import { expect, expectAccessible, forgetSession, signInOnPage, test } from './fixtures';
import { choose, selectNamed } from './support/orderForm';

const api = { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE };
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function bytesOf(download: Download) {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function signInAgain(page: Page, role: 'coordinator' | 'admin') {
  await forgetSession(page);
  await page.goto('/sign-in');
  await signInOnPage(page, role);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
}

async function createPatientInline(page: Page) {
  const clientUserId = unique('doc');
  await page.getByText('Create a new patient').click();
  await page.getByLabel('Your patient ID (client user ID)', { exact: true }).fill(clientUserId);
  await page.getByRole('button', { name: 'Create patient' }).click();
  await expect(selectNamed(page, 'Chosen patient')).toContainText(clientUserId);
}

test('a coordinator prints labels and imports an order; an admin makes a custom panel that a coordinator then orders', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');

  await test.step('print the labels of a requisitioned order from the documents menu', async () => {
    const response = await page.request.get(
      '/api/lab/v3/orders?status=requisition_created&order_type=walk_in_test&size=1',
      { headers: api },
    );
    const [order] = ordersPageSchema.parse(await response.json()).orders;
    if (!order) throw new Error('no requisitioned walk-in order in the seed');
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('button', { name: 'Documents' }).click();
    await page.getByRole('menuitem', { name: 'Specimen labels …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print specimen labels' });
    await dialog.getByLabel('Number of labels').fill('4');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download labels' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`labels-${order.id}.pdf`);
    expect((await bytesOf(file)).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByRole('status').filter({ hasText: '4 labels downloaded' })).toBeVisible();
  });

  await test.step('import an order placed on paper and reach its order page', async () => {
    await page.goto('/orders/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import an order' })).toBeVisible();
    await createPatientInline(page);
    const form = page.getByRole('form', { name: 'Import an order' });
    await form.getByRole('button', { name: 'Import order' }).click();
    await expect(form.getByLabel('Sample id')).toHaveAccessibleDescription(
      'This field is required',
    );
    await form.getByLabel('Sample id').fill('PAPER-20260302-7');
    await choose(page, 'Lab account', 'Quest – Junction platform (Active)', form);
    await choose(page, 'Lab test', 'Metabolic Health Panel (Walk in test)', form);
    await form.getByLabel('First name').fill('Imogen');
    await form.getByLabel('Last name').fill('Paperly');
    await form.getByLabel('Date of birth').fill('1979-09-30');
    await choose(page, 'Gender', 'Female', form);
    await form.getByLabel('Phone number').fill('+1 512 555 0199');
    await form.getByLabel('Email').fill('imogen@example.com');
    await form.getByLabel('Street address').fill('4 Ledger Row');
    await form.getByLabel('City').fill('Austin');
    await form.getByLabel('State').fill('TX');
    await form.getByLabel('ZIP code').fill('78701');
    await form.getByRole('button', { name: 'Import order' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Paperly');
    await expect(page.getByText('PAPER-20260302-7')).toBeVisible();
  });

  const panel = `Diabetes follow-up ${Date.now() % 100000}`;
  await test.step('an admin creates a custom panel and activates it once approved', async () => {
    await signInAgain(page, 'admin');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Lab tests' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lab tests' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Lab tests' })).toContainText(
      'Metabolic Health Panel',
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'New custom panel' }).click();
    const dialog = page.getByRole('dialog', { name: 'New custom panel' });
    await dialog.getByLabel('Panel name').fill(panel);
    await dialog.getByLabel('Description').fill('Glycaemic control');
    await dialog.getByRole('button', { name: /Lab account$/ }).click();
    await page.getByRole('option', { name: 'Quest – Junction platform', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Hemoglobin A1c' }).check();
    await dialog.getByRole('checkbox', { name: 'TSH' }).check();
    await dialog.getByRole('button', { name: 'Create panel' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: panel });
    await expect(row).toContainText('Pending approval');
    await row.getByRole('button', { name: `Change ${panel}` }).click();
    const change = page.getByRole('dialog', { name: `Change ${panel}` });
    await change.getByLabel('Active: coordinators can order it').check();
    await change.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row').filter({ hasText: panel })).toContainText('Active');
  });

  await test.step('a coordinator orders the new panel', async () => {
    await signInAgain(page, 'coordinator');
    await page.goto('/orders/new');
    await createPatientInline(page);
    await page.getByLabel('First name', { exact: true }).fill('Corin');
    await page.getByLabel('Last name', { exact: true }).fill('Panelson');
    await page.getByLabel('Date of birth', { exact: true }).fill('1990-01-15');
    await choose(page, 'Sex', 'Male');
    await page.getByLabel('Phone number', { exact: true }).fill('+1 512 555 0177');
    await page.getByLabel('Email', { exact: true }).fill('corin@example.com');
    await page.getByLabel('Address line 1', { exact: true }).fill('9 Panel Way');
    await page.getByLabel('City', { exact: true }).fill('Austin');
    await page.getByLabel('State', { exact: true }).fill('TX');
    await page.getByLabel('ZIP code', { exact: true }).fill('78701');
    await page.getByRole('radio', { name: 'Quest – Junction platform' }).check();
    await page.getByRole('checkbox', { name: panel }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(panel);
  });
});
