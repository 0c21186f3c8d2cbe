import type { APIRequestContext } from '@playwright/test';
import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE, orderSchema, userSchema } from '../src/contract';
import { expect, expectAccessible, forgetSession, test } from './fixtures';
import { choose, choosePatient, fillWalkInOrder, selectNamed } from './support/orderForm';

/* Journeys as people tried them in the browser: each one failed before its fix. */

const api = { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE };
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function createPatientByApi(request: APIRequestContext) {
  const response = await request.post('/api/lab/v2/user', {
    headers: api,
    data: { client_user_id: unique('journey') },
  });
  expect(response.status()).toBe(200);
  return userSchema.parse(await response.json());
}

// One journey for every role's refusals: the page is the same component each time, so one
// console and one axe run cover them, and CI's minutes go to journeys that differ.
test('a page a role cannot use says so before any form, and the role that may still gets it', async ({
  page,
  signIn,
}) => {
  const cases = [
    { role: 'ops', path: '/orders/register-kit', title: 'Register a test kit' },
    { role: 'ops', path: '/orders/new', title: 'New order' },
    { role: 'clinician', path: '/orders/register-kit', title: 'Register a test kit' },
    { role: 'clinician', path: '/orders/new-kit', title: 'New test kit' },
  ] as const;
  const labCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/lab/')) labCalls.push(request.url());
  });
  let signedInAs: string | undefined;
  for (const { role, path, title } of cases) {
    await test.step(`${role} on ${path}`, async () => {
      if (signedInAs !== role) {
        await forgetSession(page);
        await signIn(role);
        signedInAs = role;
      }
      labCalls.length = 0;
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(
        'Only care coordinators can use this page.',
      );
      await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
      // Nothing was asked of the Lab API that the BFF would refuse.
      expect(labCalls).toEqual([]);
      if (path === '/orders/register-kit' && role === 'ops') await expectAccessible(page);
      await page.getByRole('link', { name: 'Back to orders' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    });
  }

  await test.step('an admin opening the patients list is told who may', async () => {
    await forgetSession(page);
    await signIn('admin');
    await page.goto('/patients');
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      'Only care coordinators, ops staff and clinicians can use this page.',
    );
  });

  await test.step('a coordinator still gets the kit registration form', async () => {
    await forgetSession(page);
    await signIn('coordinator');
    await page.goto('/orders/register-kit');
    await expect(page.getByRole('form', { name: 'Register a test kit' })).toBeVisible();
    await expect(page.getByLabel('Sample ID', { exact: true })).toBeVisible();
  });
});

test('only the open worklist is the current one', async ({ page, signIn }) => {
  await signIn('coordinator');
  const worklists = page.getByRole('navigation', { name: 'Worklists' });
  const current = worklists.locator('[aria-current="page"]');

  await page.goto('/orders?worklist=overdue');
  await expect(page.getByRole('heading', { level: 2, name: 'Overdue orders' })).toBeVisible();
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText('Overdue');

  await worklists.getByRole('link', { name: 'Critical results' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Critical results' })).toBeVisible();
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText('Critical results');

  await worklists.getByRole('link', { name: 'All orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText('All orders');

  // A filtered view of all orders is still "All orders".
  await page.goto('/orders?method=walk_in_test');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText('All orders');
});

test('clinical notes wrap in their preview and are stored without stray blank lines', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  await page.goto('/orders/new');
  const patient = await createPatientByApi(page.request);
  await page.reload();
  await choosePatient(page, patient.client_user_id);
  const notes = page.getByLabel('Clinical notes for the lab (optional)', { exact: true });
  // No space or hyphen to break at: a lab's reference code or a pasted address.
  const longWord = 'HbA1cFollowUpReference'.repeat(12);

  await test.step('the preview of a lab account with default notes stays on its card', async () => {
    await page.getByRole('radio', { name: /Labcorp/ }).check();
    await notes.fill(`\n${longWord}`);
    const preview = page.locator('.notes-preview');
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((el) => el.textContent)).toBe(
      `Please call the clinic for any critical value.\n${longWord}`,
    );
    const fits = await preview.evaluate((el) => {
      const card = el.closest('fieldset');
      const main = el.closest('main');
      if (!card || !main) return 'no card';
      return {
        textInsidePreview: el.scrollWidth <= el.clientWidth,
        previewInsideCard: el.getBoundingClientRect().right <= card.getBoundingClientRect().right,
        cardInsidePage: card.getBoundingClientRect().right <= main.getBoundingClientRect().right,
      };
    });
    expect(fits).toEqual({
      textInsidePreview: true,
      previewInsideCard: true,
      cardInsidePage: true,
    });
  });

  await test.step('the stored notes begin with their text', async () => {
    await fillWalkInOrder(page);
    await notes.fill('\n\nFasting since midnight.\n');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').at(-1) ?? '';
    const response = await page.request.get(`/api/lab/v3/order/${orderId}`, { headers: api });
    expect(response.status()).toBe(200);
    const order = orderSchema.parse(await response.json());
    expect(order.clinical_notes).toBe('Fasting since midnight.');
  });
});

test('"New order for this patient" keeps the patient and fills the details from their latest order', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  await page.goto('/patients?q=demo-patient-001');
  await page.getByRole('link', { name: 'Avery Brightwater', exact: true }).click();
  const userId = page.url().split('/').at(-1) ?? '';
  await page.getByRole('link', { name: 'New order for this patient' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();

  await expect(selectNamed(page, 'Chosen patient')).toContainText('Avery Brightwater');
  await expect(page.getByRole('status').filter({ hasText: 'latest order' })).toBeVisible();
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Avery');
  await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('Brightwater');
  await expect(page.getByLabel('Date of birth', { exact: true })).toHaveValue('1984-03-12');

  await page.getByRole('radio', { name: 'Quest – Junction platform' }).check();
  await page.getByRole('checkbox', { name: 'Metabolic Health Panel' }).check();
  await choose(page, /fasting for at least 8 hours\? \(Glucose\)$/, 'Yes');
  await choose(page, /fasting for at least 8 hours\? \(Lipid Panel\)$/, 'Yes');
  for (const [label, value] of [
    ['Phone number', '+1 602 555 0142'],
    ['Email', 'avery@example.com'],
  ] as const) {
    const input = page.getByLabel(label, { exact: true });
    if ((await input.inputValue()) === '') await input.fill(value);
  }
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1) ?? '';
  const response = await page.request.get(`/api/lab/v3/order/${orderId}`, { headers: api });
  expect(orderSchema.parse(await response.json()).user_id).toBe(userId);
});

// One coordinator, three forms: each step failed before its fix.
test('a failed submit shows its problems at the top of the form, and takes focus there', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  await test.step('the order form: Enter with nothing chosen', async () => {
    await page.goto('/orders/new');
    await page.getByLabel('First name', { exact: true }).fill('Rowan');
    await page.getByLabel('First name', { exact: true }).press('Enter');

    const summary = page.getByRole('region', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    const box = await summary.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    await expect(summary.getByRole('link', { name: /^Chosen patient: / })).toBeVisible();
    await expect(summary.getByRole('link', { name: /^Last name: / })).toBeVisible();
    await expectAccessible(page);

    await summary.getByRole('link', { name: /^Last name: / }).click();
    await expect(page.getByLabel('Last name', { exact: true })).toBeFocused();
    await summary.getByRole('link', { name: /^Chosen patient: / }).click();
    await expect(selectNamed(page, 'Chosen patient')).toBeFocused();
  });
  await test.step('the test kit form: "Order the kit" with nothing entered', async () => {
    await page.goto('/orders/new-kit');
    await page.getByRole('button', { name: 'Order the kit' }).click();
    const summary = page.getByRole('region', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await summary.getByRole('link', { name: /^Lab test: / }).click();
    await expect(selectNamed(page, 'Lab test')).toBeFocused();
  });
  await test.step('the kit registration form: no sample ID', async () => {
    await page.goto('/orders/register-kit');
    await page.getByRole('button', { name: 'Register the kit' }).click();
    const summary = page.getByRole('region', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await summary.getByRole('link', { name: /^Sample ID: / }).click();
    await expect(page.getByLabel('Sample ID', { exact: true })).toBeFocused();
  });
});

test('an unmatched result is attached or rejected only once confirmed, and its candidate reads in words', async ({
  page,
  signIn,
}) => {
  await signIn('ops');
  await page.goto('/unmatched-results?decision=match_completed');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('unmatched result');
  const resultUrl = page.url();
  const main = page.getByRole('main');
  const accept = page.getByRole('button', { name: 'Accept this order' });
  const card = main.getByRole('region').filter({ has: accept });

  await test.step('the candidate card and the result show words and dates, not codes', async () => {
    await expect(card.getByText('Order status')).toBeVisible();
    await expect(card).not.toContainText(/\b[a-z]+_[a-z_]+\b/);
    await expect(main).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}/);
    const sex = main.locator('dt', { hasText: /^Sex$/ }).locator('xpath=following-sibling::dd');
    await expect(sex).toHaveText(/^(Male|Female|Other|Unknown|Not given)$/);
  });

  await test.step('Accept asks first, naming the result and the order; going back keeps both', async () => {
    await accept.click();
    const dialog = page.getByRole('dialog', { name: 'Attach this result to the order?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/result for .+, received /);
    await expect(dialog).toContainText(/ order for .+, placed /);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(accept).toBeFocused();
    expect(page.url()).toBe(resultUrl);
  });

  await test.step('Reject asks first too', async () => {
    await page.getByRole('button', { name: 'Reject result' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this result?' });
    await expect(dialog).toContainText(/result for .+ will be discarded/);
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('confirming attaches it and opens the order', async () => {
    await accept.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Attach to this order' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  });
});

// One coordinator, four places where the words once disagreed or an empty view said nothing.
test('labels agree, and an empty view says why', async ({ page, signIn }) => {
  await signIn('coordinator');
  await test.step('the status filter uses the table’s words', async () => {
    const filters = page.getByRole('search', { name: 'Filter orders' });
    await filters.getByRole('button', { name: /Status/ }).click();
    const options = page.getByRole('listbox');
    await expect(
      options.getByRole('option', { name: 'In transit to patient', exact: true }),
    ).toHaveCount(1);
    await expect(
      options.getByRole('option', { name: 'Transit customer', exact: true }),
    ).toHaveCount(0);
    await expect(options.getByRole('option', { name: 'With patient', exact: true })).toHaveCount(1);
  });
  await test.step('the order form names consents and its two ICD-10 fields plainly', async () => {
    await page.goto('/orders/new');
    await expect(
      page.getByRole('checkbox', { name: 'HIPAA authorization', exact: true }),
    ).toHaveCount(1);
    await expect(
      page.getByLabel('ICD-10 codes (optional)', { exact: true }),
    ).toHaveAccessibleDescription(/sent to the lab with the order/);
    await page
      .getByRole('group', { name: 'Health insurance' })
      .getByRole('checkbox')
      .first()
      .check();
    await expect(
      page.getByLabel('Diagnosis codes (ICD-10, optional)', { exact: true }),
    ).toHaveAccessibleDescription(/the insurer is billed for/);
  });
  await test.step('a kit’s lab-account choice lists only the chosen test’s lab, active accounts only', async () => {
    await page.goto('/orders/new-kit');
    const account = selectNamed(page, 'Lab account (optional)');
    await account.click();
    await expect(page.getByRole('option')).toHaveText(["The lab's own"]);
    await page.keyboard.press('Escape');
    await choose(page, 'Lab test', 'Thyroid & Vitamin D Home Kit');
    await account.click();
    // Only accounts that can place it: the pending one is left out, as on New order.
    await expect(page.getByRole('option')).toHaveText([
      "The lab's own",
      'BioReference – Northside Clinic',
    ]);
    await page.keyboard.press('Escape');
  });
  await test.step('an inverted date range and a page past the end say why nothing shows', async () => {
    await page.goto('/orders?created_from=2025-03-01&created_to=2025-01-01');
    await expect(page.getByRole('main')).toContainText(
      /“Created from” \(.+\) is after “Created to”/,
    );
    await page.goto('/orders?page=99');
    await expect(page.getByRole('main')).toContainText(/Page 99 is past the end: this view has/);
    await page.getByRole('link', { name: 'Go to the first page' }).click();
    await expect(page.getByRole('table')).toBeVisible();
  });
});
