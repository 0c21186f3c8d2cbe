import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE, orderSchema, userSchema } from '../src/contract';
import { ADMIN_ACCOUNTS_PATH, adminAccountsResponseSchema } from '../src/contract/administration';
import { ACCOUNT_DISABLED_MESSAGE, SESSION_END_REASONS } from '../src/contract/console';
import { DEMO } from './support/accounts';
import { expect, expectAccessible, test } from './fixtures';
import { fillWalkInOrder } from './support/orderForm';

const api = { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE };

test('a session that ends mid-form signs in again in place and places the order as entered', async ({
  page,
  context,
  signIn,
  expectHttpError,
}) => {
  await signIn('coordinator');
  const created = await page.request.post('/api/lab/v2/user', {
    headers: api,
    data: { client_user_id: `session-expiry-${Date.now()}` },
  });
  const { user_id: userId } = userSchema.parse(await created.json());
  await page.goto(`/orders/new?userId=${userId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
  await fillWalkInOrder(page);

  await test.step('the session ends; submitting asks to sign in again, in place', async () => {
    await context.clearCookies();
    // The first attempt meets the ended session; it never reaches the Lab API.
    expectHttpError('/api/lab/v3/order', 401);
    await page.getByRole('button', { name: 'Place order' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign in again' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeInViewport();
    await expect(dialog.getByLabel('Email')).toHaveValue(DEMO.coordinator.email);
    await expectAccessible(page);
    await dialog.getByLabel('Password').fill(DEMO.coordinator.password);
    await dialog.getByRole('button', { name: 'Sign in and continue' }).click();
  });

  await test.step('the order is placed once, with every field as entered', async () => {
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Order placed' })).toContainText(
      'for Rowan Ellery',
    );
    const orderId = page.url().split('/').at(-1) ?? '';
    const response = await page.request.get(`/api/lab/v3/order/${orderId}`, { headers: api });
    const order = orderSchema.parse(await response.json());
    expect(order.user_id).toBe(userId);
    expect(order.patient_details).toMatchObject({
      first_name: 'Rowan',
      last_name: 'Ellery',
      email: 'rowan@example.com',
      gender: 'female',
    });
    expect(order.patient_details?.dob.slice(0, 10)).toBe('1986-04-12');
    expect(order.patient_address).toMatchObject({
      first_line: '12 Test Lane',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    const orders = await page.request.get(`/api/lab/v3/orders?user_id=${userId}`, {
      headers: api,
    });
    expect(((await orders.json()) as { orders: unknown[] }).orders).toHaveLength(1);
  });
});

test('an admin disables an account while its tab is open: the tab drops patient data and says why', async ({
  page,
  browser,
  baseURL,
  signIn,
  expectHttpError,
}) => {
  await signIn('coordinator');
  const created = await page.request.post('/api/lab/v2/user', {
    headers: api,
    data: { client_user_id: `disabled-mid-visit-${Date.now()}` },
  });
  const { user_id: userId } = userSchema.parse(await created.json());
  await page.goto(`/patients/${userId}`);
  await expect(page.getByText(userId).first()).toBeVisible();

  await test.step('an admin, elsewhere, disables the account', async () => {
    const admin = await browser.newContext({ baseURL });
    const session = await admin.request.post('/api/session', {
      headers: api,
      data: { email: DEMO.admin.email, password: DEMO.admin.password },
    });
    expect(session.ok()).toBe(true);
    const list = await admin.request.get(ADMIN_ACCOUNTS_PATH, { headers: api });
    const { accounts } = adminAccountsResponseSchema.parse(await list.json());
    const coordinator = accounts.find((a) => a.email === DEMO.coordinator.email);
    if (!coordinator) throw new Error('no coordinator account');
    const disabled = await admin.request.patch(`${ADMIN_ACCOUNTS_PATH}/${coordinator.id}`, {
      headers: api,
      data: { status: 'disabled' },
    });
    expect(disabled.ok()).toBe(true);
    await admin.close();
  });

  await test.step('the open tab shows why, and no patient data, without anyone clicking', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(SESSION_END_REASONS['account-disabled']);
    await expect(page.getByText(userId)).toHaveCount(0);
    await expect(page.getByRole('alertdialog', { name: 'Sign in again' })).toHaveCount(0);
  });

  await test.step('signing in with the right password is told the account is disabled', async () => {
    expectHttpError('/api/session', 403);
    await page.getByLabel('Email').fill(DEMO.coordinator.email);
    await page.getByLabel('Password').fill(DEMO.coordinator.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(ACCOUNT_DISABLED_MESSAGE);
  });
});
