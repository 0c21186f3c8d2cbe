import { readFile } from 'node:fs/promises';
import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  orderSchema,
  ordersPageSchema,
} from '../src/contract';
import { AUDIT_CSV_COLUMNS, SIGN_IN_REASONS } from '../src/contract/administration';
import { expect, expectAccessible, test } from './fixtures';
import type { Page } from '@playwright/test';

/*
 * An admin invites a care coordinator, who sets a password through the link and signs in
 * and opens an order; the admin then follows that order in the audit trail and exports it.
 */

async function signOut(page: Page, name: RegExp) {
  await page.getByRole('banner').getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
}

test('an admin invites a coordinator who signs in, then follows one order in the audit trail and exports it', async ({
  page,
  signIn,
}) => {
  const email = 'riley.invited@hospital.test';
  const password = 'lantern meadow copper tide';
  let link = '';
  let orderId = '';

  await test.step('the admin invites a care coordinator', async () => {
    await signIn('admin');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Administration' }).click();
    await nav
      .getByRole('list', { name: 'Administration' })
      .getByRole('link', { name: 'Accounts' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await page.getByRole('button', { name: 'Invite an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite an account' });
    await dialog.getByLabel('Email').fill(email);
    // A right-to-left override would make the name display as something else.
    await dialog.getByLabel('Name').fill('\u202Eevil');
    await dialog.getByRole('button', { name: /Role$/ }).click();
    await page.getByRole('option', { name: 'Care coordinator' }).click();
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expect(
      dialog.getByText('Remove the invisible control or text-direction characters from the name.'),
    ).toBeVisible();
    await dialog.getByLabel('Name').fill('Riley Invited');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const ready = page.getByRole('dialog', { name: 'Invitation ready' });
    link = await ready.getByLabel('Link to set a password').inputValue();
    expect(link).toMatch(/\/invitation#token=[\w-]{40,}$/);
    await ready.getByRole('button', { name: 'Done' }).click();
    await expect(
      page
        .getByRole('row', { name: /Riley Invited/ })
        .getByRole('cell', { name: 'Invited (no password yet)' }),
    ).toBeVisible();
    await signOut(page, /Ada Admin/);
  });

  await test.step('the coordinator sets a password through the link, signs in and opens an order', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Repeat it').fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Repeat it').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password is set.' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Riley Invited/ })).toBeVisible();

    const answer = await page.request.get('/api/lab/v3/orders?size=5&page=1', {
      headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE },
    });
    const first = ordersPageSchema.parse(await answer.json()).orders[0];
    if (!first) throw new Error('the seed holds no order');
    orderId = first.id;
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await signOut(page, /Riley Invited/);
  });

  await test.step('the admin filters the audit trail to that order', async () => {
    await signIn('admin');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Administration' }).click();
    await nav.getByRole('link', { name: 'Audit trail' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    // No outcome chosen reads as its "any" option, not as a prompt to choose.
    await expect(page.getByRole('button', { name: /Outcome$/ })).toContainText('Any outcome');
    await page.getByLabel('Record id').fill(orderId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`record=${orderId}`));
    const rows = page.getByRole('table').getByRole('row');
    // The coordinator's reads of the order, and none of any other record.
    await expect(rows.filter({ hasText: email }).first()).toBeVisible();
    const count = (await rows.count()) - 1;
    expect(count).toBeGreaterThan(0);
    await expect(
      rows.filter({ has: page.getByRole('link', { name: new RegExp(orderId) }) }),
    ).toHaveCount(count);
    await page.getByRole('button', { name: 'Check the trail' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Intact: [\d,]+ rows/ })).toBeVisible();
    await expectAccessible(page);

    await test.step('and exports it as CSV', async () => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = await readFile(await file.path(), 'utf8');
      const lines = text.trimEnd().split('\r\n');
      expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
      expect(lines.length - 1).toBe(count);
      expect(lines.slice(1).every((line) => line.includes(`,${orderId},`))).toBe(true);
      expect(lines.slice(1).some((line) => line.includes(email))).toBe(true);
      await expect(
        page.getByRole('status').filter({ hasText: `Exported ${count} rows.` }),
      ).toBeVisible();
    });

    await test.step('every sign-in of the coordinator, with its address and outcome in words', async () => {
      await page.getByRole('button', { name: 'Clear' }).click();
      await page.getByLabel('Sign-ins of').fill(email);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/sign_ins=/);
      const signIns = page.getByRole('table').getByRole('row');
      await expect(signIns.filter({ hasText: SIGN_IN_REASONS['signed-in'] }).first()).toBeVisible();
      await expect(
        signIns.filter({ hasText: SIGN_IN_REASONS['signed-out'] }).first(),
      ).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Address' })).toBeVisible();
    });

    await test.step('every access to one patient, linked to the patient', async () => {
      const answer = await page.request.get(`/api/lab/v3/order/${orderId}`, {
        headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE },
      });
      const { user_id: patientId } = orderSchema.parse(await answer.json());
      await page.getByRole('button', { name: 'Clear' }).click();
      await page.getByLabel('Patient', { exact: true }).fill(patientId);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(new RegExp(`patient=${patientId}`));
      const patientRows = page.getByRole('table').getByRole('row');
      await expect(patientRows.filter({ hasText: email }).first()).toBeVisible();
      const shown = (await patientRows.count()) - 1;
      await expect(
        patientRows.filter({ has: page.getByRole('link', { name: `patient ${patientId}` }) }),
      ).toHaveCount(shown);
    });
  });
});
