import type { APIRequestContext } from '@playwright/test';
import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  ordersPageSchema,
  userSchema,
} from '../src/contract';
import { expect, expectAccessible, test } from './fixtures';
import { choose, choosePatient, fillWalkInOrder, selectNamed } from './support/orderForm';

const api = { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE };
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function createPatientByApi(request: APIRequestContext, clientUserId: string) {
  const response = await request.post('/api/lab/v2/user', {
    headers: api,
    data: { client_user_id: clientUserId },
  });
  expect(response.status()).toBe(200);
  return userSchema.parse(await response.json());
}

async function ordersOf(request: APIRequestContext, userId: string) {
  const response = await request.get(`/api/lab/v3/orders?user_id=${userId}&size=100`, {
    headers: api,
  });
  return ordersPageSchema.parse(await response.json());
}

test('a coordinator orders a walk-in test for a new patient and finds it with its first events', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  const clientUserId = unique('walk-in');
  await test.step('open the form', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'New order' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
  });
  await test.step('create the patient inline', async () => {
    await page.getByText('Create a new patient').click();
    await page.getByLabel('Your patient ID (client user ID)', { exact: true }).fill(clientUserId);
    await page.getByRole('button', { name: 'Create patient' }).click();
    await expect(selectNamed(page, 'Chosen patient')).toContainText(clientUserId);
  });
  await test.step('fill and place the order', async () => {
    await fillWalkInOrder(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Rowan');
    await expect(page.getByRole('status').filter({ hasText: 'Order placed' })).toContainText(
      'for Rowan Ellery',
    );
  });
  await test.step('the list shows it, with its first events', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await page
      .getByRole('table')
      .getByRole('link', { name: /Rowan Ellery/ })
      .first()
      .click();
    // Opened from the list, the order is not announced as just placed.
    await expect(page.getByRole('status').filter({ hasText: 'Order placed' })).toHaveCount(0);
    const events = page.getByRole('region', { name: 'Events' }).getByRole('listitem');
    await expect(events).toHaveCount(2);
    await expect(events.nth(0)).toContainText(/ordered/i);
    await expect(events.nth(1)).toContainText(/requisition created/i);
  });
});

test('the form refuses each rule next to its field', async ({ page, signIn }) => {
  await signIn('coordinator');
  await page.goto('/orders/new');
  const patient = await createPatientByApi(page.request, unique('rules'));
  await page.reload();
  await choosePatient(page, patient.client_user_id);
  await fillWalkInOrder(page);
  await page.getByLabel('First name', { exact: true }).fill('A'.repeat(51));
  await page.getByLabel('ZIP code', { exact: true }).fill('7870');
  await page
    .getByLabel('Clinical notes for the lab (optional)', { exact: true })
    .fill('x'.repeat(1001));
  await page.getByLabel('Date of birth', { exact: true }).fill('2015-06-01');
  await page.getByRole('radio', { name: /Labcorp/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page.getByLabel('First name', { exact: true })).toHaveAccessibleDescription(
    /Use 1 to 50 characters/,
  );
  await expect(page.getByLabel('ZIP code', { exact: true })).toHaveAccessibleDescription(
    /Enter a ZIP code like 12345/,
  );
  await expect(
    page.getByLabel('Clinical notes for the lab (optional)', { exact: true }),
  ).toHaveAccessibleDescription(/at most 1000 characters \(1 too many\)/);
  await expect(page.getByRole('group', { name: 'Medical proxy' })).toHaveAccessibleDescription(
    'A medical proxy is required for patients under 18',
  );
  await expect(page.getByRole('group', { name: 'Ordering physician' })).toHaveAccessibleDescription(
    /requires a physician: enter their first name, last name and NPI/,
  );
  expect((await ordersOf(page.request, patient.user_id)).total).toBe(0);
  await expectAccessible(page);
});

test('an error only the server finds lands on its field', async ({
  page,
  signIn,
  expectHttpError,
}) => {
  expectHttpError('/api/lab/v3/order', 404);
  await signIn('coordinator');
  await page.goto('/orders/new');
  const patient = await createPatientByApi(page.request, unique('gone'));
  await page.reload();
  await choosePatient(page, patient.client_user_id);
  await fillWalkInOrder(page);
  // Someone deletes the patient while the form is open.
  await page.request.delete(`/api/lab/v2/user/${patient.user_id}`, { headers: api });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(selectNamed(page, 'Chosen patient')).toHaveAccessibleDescription(
    /no longer exists in this team/,
  );
});

test('a double click and a retried submission create exactly one order', async ({
  page,
  signIn,
  expectHttpError,
}) => {
  await signIn('coordinator');
  await test.step('double click', async () => {
    await page.goto('/orders/new');
    const patient = await createPatientByApi(page.request, unique('double'));
    await page.reload();
    await choosePatient(page, patient.client_user_id);
    await fillWalkInOrder(page);
    await page.getByRole('button', { name: 'Place order' }).dblclick();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    expect((await ordersOf(page.request, patient.user_id)).total).toBe(1);
  });
  await test.step('retry after the answer was lost', async () => {
    expectHttpError('/api/lab/v3/order', 502);
    await page.goto('/orders/new');
    const patient = await createPatientByApi(page.request, unique('retry'));
    await page.reload();
    await choosePatient(page, patient.client_user_id);
    await fillWalkInOrder(page);
    // The order reaches the Lab API, but its answer is lost on the way back.
    let lost = false;
    await page.route('**/api/lab/v3/order', async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.fulfill({ status: 502, json: { title: 'Bad Gateway', status: 502 } });
    });
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('region', { name: 'There is a problem' })).toContainText(
      'will not be placed twice',
    );
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    expect((await ordersOf(page.request, patient.user_id)).total).toBe(1);
  });
});

test('a kit is shipped, then registered to a different patient', async ({ page, signIn }) => {
  await signIn('coordinator');
  const owner = await createPatientByApi(page.request, unique('kit-owner'));
  const other = await createPatientByApi(page.request, unique('kit-user'));
  await test.step('order the kit with a shipping address', async () => {
    // Kits wait under "More" in a coordinator's navigation.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'More' }).click();
    await nav.getByRole('link', { name: 'Test kits' }).click();
    await choosePatient(page, owner.client_user_id);
    await choose(page, 'Lab test', 'Thyroid & Vitamin D Home Kit');
    await page.getByLabel('Receiver name', { exact: true }).fill('Kit Owner');
    await page.getByLabel('Address line 1', { exact: true }).fill('1 Kit Street');
    await page.getByLabel('City', { exact: true }).fill('Phoenix');
    await page.getByLabel('State', { exact: true }).fill('AZ');
    await page.getByLabel('ZIP code', { exact: true }).fill('85004');
    await page.getByLabel('Phone number', { exact: true }).fill('+1 602 555 0150');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Order the kit' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  });
  const [kit] = (await ordersOf(page.request, owner.user_id)).orders;
  expect(kit?.sample_id).toBeTruthy();
  await test.step('register it to another patient', async () => {
    await page.goto('/orders/register-kit');
    await page
      .getByLabel('Register the kit to another patient of the team', { exact: true })
      .check();
    await choosePatient(page, other.client_user_id);
    await page.getByLabel('Sample ID', { exact: true }).fill(kit?.sample_id ?? '');
    await page.getByLabel('First name', { exact: true }).fill('Kai');
    await page.getByLabel('Last name', { exact: true }).fill('Moreno');
    await page.getByLabel('Date of birth', { exact: true }).fill('1990-02-03');
    await choose(page, 'Sex', 'Male');
    await page.getByLabel('Phone number', { exact: true }).fill('+1 602 555 0151');
    await page.getByLabel('Email', { exact: true }).fill('kai@example.com');
    await page.getByLabel('Address line 1', { exact: true }).fill('2 Kit Street');
    await page.getByLabel('City', { exact: true }).fill('Phoenix');
    await page.getByLabel('State', { exact: true }).fill('AZ');
    await page.getByLabel('ZIP code', { exact: true }).fill('85004');
    await page.getByRole('checkbox', { name: 'Terms of use' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Register the kit' }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${kit?.id ?? ''}$`));
    const events = page.getByRole('region', { name: 'Events' });
    await expect(events).toContainText(/registered/i);
  });
  expect((await ordersOf(page.request, other.user_id)).orders.map((o) => o.id)).toEqual([kit?.id]);
});

test('a duplicate patient ID leads to the existing patient', async ({
  page,
  signIn,
  expectHttpError,
}) => {
  expectHttpError('/api/lab/v2/user', 400);
  await signIn('coordinator');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Patients' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  await page
    .getByLabel('Your patient ID (client user ID)', { exact: true })
    .fill('demo-patient-001');
  await page.getByRole('button', { name: 'Create patient' }).click();
  await expect(page.getByRole('alert')).toContainText('already exists');
  await page.getByRole('link', { name: 'Open the existing patient' }).click();
  // Patients are named by their demographics, the client user id beside them.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avery Brightwater');
});

test('a returning patient’s details are filled from their latest order', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  await page.goto('/orders/new');
  await page.getByRole('combobox', { name: 'Find a patient' }).fill('demo-patient-001');
  await page.getByRole('option', { name: /Avery Brightwater/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'latest order' })).toBeVisible();
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Avery');
  await expect(page.getByLabel('Date of birth', { exact: true })).toHaveValue('1984-03-12');
  await expect(page.getByLabel('ZIP code', { exact: true })).toHaveValue('85004');
});

test('ICD-10 codes are checked against the code set as they are typed, and looked up', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  await page.goto('/orders/new');
  const patient = await createPatientByApi(page.request, unique('icd'));
  await page.reload();
  await choosePatient(page, patient.client_user_id);
  await fillWalkInOrder(page);
  const codes = page.getByLabel('ICD-10 codes (optional)', { exact: true });
  await test.step('a well-formed code outside the code set is refused before submit', async () => {
    await codes.fill('E11.9, Z99.999');
    await expect(page.getByText('Z99.999 is not in the ICD-10-CM code set')).toBeVisible();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(codes).toHaveAccessibleDescription(/Z99\.999 is not in the ICD-10-CM code set/);
    expect((await ordersOf(page.request, patient.user_id)).total).toBe(0);
  });
  await test.step('a look-up by words adds the chosen code', async () => {
    await codes.fill('E11.9');
    await page
      .getByRole('combobox', { name: 'Look up a code for “ICD-10 codes”' })
      .fill('vitamin d');
    await page.getByRole('option', { name: /E55\.9 Vitamin D deficiency/ }).click();
    await expect(codes).toHaveValue(/E11\.9.*E55\.9/);
    await expect(codes).not.toHaveAccessibleDescription(/not in the ICD-10-CM code set/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    const [order] = (await ordersOf(page.request, patient.user_id)).orders;
    expect(order?.icd_codes).toEqual(['E11.9', 'E55.9']);
  });
});

test('the form offers only lab accounts and collection methods that can be placed', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  await page.goto('/orders/new');
  await test.step('a pending account is shown as unavailable, with the reason', async () => {
    const pending = page.getByRole('radio', { name: 'BioReference – onboarding' });
    await expect(pending).toBeDisabled();
    await expect(pending).toHaveAccessibleDescription(/Unavailable: this account is pending/);
  });
  await test.step('only the chosen lab’s collection methods are offered', async () => {
    await page.getByRole('radio', { name: 'Quest – Junction platform' }).check();
    await selectNamed(page, 'Collection method').click();
    await expect(page.getByRole('option', { name: 'Walk-in test', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Test kit', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });
});
