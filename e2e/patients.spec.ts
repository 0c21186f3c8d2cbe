import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  ordersPageSchema,
  userSchema,
} from '../src/contract';
import { expect, expectAccessible, test } from './fixtures';

test('a deleted patient stays on the patients page with its undo deadline, and comes back', async ({
  page,
  signIn,
  expectHttpError,
}) => {
  await signIn('coordinator');
  const created = await page.request.post('/api/lab/v2/user', {
    headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE },
    data: { client_user_id: 'journey-deleted-patient' },
  });
  const { user_id: userId } = userSchema.parse(await created.json());

  // Once deleted, the Lab API answers 404 for the patient until the deletion is undone.
  expectHttpError(`/api/lab/v2/user/${userId}`, 404);
  await page.goto(`/patients/${userId}`);
  await page.getByRole('button', { name: 'Delete patient' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this patient?' })
    .getByRole('button', { name: 'Schedule deletion' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'scheduled for deletion' }),
  ).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Patients' })
    .click();
  const deleted = page.getByRole('region', { name: 'Recently deleted' });
  const entry = deleted.getByRole('listitem').filter({ hasText: userId });
  await expect(entry).toContainText('restorable until');
  await expect(entry).toContainText('coordinator@demo.test');
  await expectAccessible(page);

  // No order ever named this patient: the entry says so by its short id.
  await entry
    .getByRole('button', { name: `Undo deletion of Patient ${userId.slice(0, 8)}` })
    .click();
  await expect(deleted).toHaveCount(0);
  await page.goto(`/patients/${userId}`);
  await expect(page.getByRole('button', { name: 'Delete patient' })).toBeVisible();
});

test('patients are found and shown by name and date of birth, ids beside them', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');

  await test.step('the list names each patient, with date of birth, sortable and paged', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Patients' })
      .click();
    const table = page.getByRole('table');
    const avery = table.getByRole('row').filter({ hasText: 'demo-patient-001' });
    await expect(avery.getByRole('rowheader')).toHaveText('Avery Brightwater');
    await expect(avery).toContainText(/1984/);
    await table.getByRole('button', { name: 'Name' }).click();
    await expect(table.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(page.getByRole('navigation', { name: 'Pages of patients' })).toContainText(
      'Page 1 of',
    );
    await expectAccessible(page);
  });

  await test.step('a search by name finds the patient; the page is titled with the name', async () => {
    await page.getByLabel('Search by name, date of birth or client user ID').fill('Brightwater');
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('table').getByRole('row').filter({ hasText: /1984/ });
    await found.getByRole('link', { name: 'Avery Brightwater', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avery Brightwater');
    await expect(page.getByText('Born ')).toContainText('1984');
  });

  await test.step('the wearables picker takes the README’s client user id', async () => {
    await page.goto('/wearables');
    await page.getByRole('combobox', { name: 'Patient' }).fill('demo-patient-001');
    await page.getByRole('option', { name: /Avery Brightwater/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Avery Brightwater');
  });

  await test.step('a kit not yet registered is titled with its patient, not its id', async () => {
    const answer = await page.request.get('/api/lab/v3/orders?order_type=testkit&size=100', {
      headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE },
    });
    const kit = ordersPageSchema.parse(await answer.json()).orders.find((o) => !o.patient_details);
    expect(kit, 'a seeded kit not yet registered').toBeDefined();
    await page.goto(`/orders/${kit?.id ?? ''}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(kit?.lab_test.name ?? '');
    await expect(heading).not.toContainText('Order ');
    await expect(heading).not.toContainText('Unregistered kit');
  });
});
