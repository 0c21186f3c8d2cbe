import type { Page } from '@playwright/test';
import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE, userSchema } from '../src/contract';
import { expect, expectAccessible, test } from './fixtures';

/*
 * The design system's journeys: every main page of each role passes axe in both themes and
 * at desktop and phone widths; the theme switch, the command palette, the shortcuts, and
 * the new-order form placed with the keyboard alone.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const api = { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE };

/**
 * Each page in dark at desktop width and in light at phone width: with the other journeys'
 * axe runs (light, desktop) every page is checked in both themes and at both widths,
 * without four axe runs per page.
 */
async function checkBothLooks(page: Page, path: string) {
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'light' });
  // The light theme's colours are checked at desktop width by the page's own journey.
  await expectAccessible(page, { contrast: false });
}

async function firstOrderPath(page: Page) {
  const response = await page.request.get('/api/lab/v3/orders?size=1', { headers: api });
  const body = (await response.json()) as { orders: { id: string }[] };
  const id = body.orders[0]?.id;
  expect(id, 'the seed holds orders').toBeTruthy();
  return `/orders/${id ?? ''}`;
}

async function signOut(page: Page, name: RegExp) {
  await page.getByRole('banner').getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
}

test("a coordinator's pages read well in dark on a desktop and in light on a phone", async ({
  page,
  signIn,
}) => {
  test.setTimeout(240_000);
  await signIn('coordinator');
  const users = await page.request.get('/api/lab/v2/user?limit=1', { headers: api });
  const patient = userSchema.parse(((await users.json()) as { users: unknown[] }).users[0]);
  const pages = [
    '/orders',
    '/orders/new',
    await firstOrderPath(page),
    '/patients',
    `/patients/${patient.user_id}`,
    '/wearables',
  ];
  for (const path of pages) await test.step(path, () => checkBothLooks(page, path));

  await test.step('at phone width the navigation folds behind its Menu button', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Patients' })).toBeHidden();
    await menu.click();
    await nav.getByRole('link', { name: 'Patients' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    // The links under "More" are listed in the folded menu too.
    await menu.click();
    await expect(nav.getByRole('list', { name: 'More' }).getByRole('link')).toHaveText([
      'Test kits',
      'Lab reports',
      'Lab tests',
    ]);
    await menu.click();
  });

  await test.step('on a desktop the navigation keeps one line, the rarer links under More', async () => {
    await page.setViewportSize(DESKTOP);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const more = nav.getByRole('button', { name: 'More' });
    const orders = await nav.getByRole('link', { name: 'Orders' }).boundingBox();
    const moreBox = await more.boundingBox();
    expect(moreBox?.y).toBe(orders?.y);
    await expect(nav.getByRole('link', { name: 'Lab tests' })).toBeHidden();
    // By keyboard: Enter opens it, Tab walks its links, Escape closes it on its button.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Test kits' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Lab tests' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lab tests' })).toBeVisible();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(nav.getByRole('link', { name: 'Lab tests' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectAccessible(page);
  });
});

test('the pages of ops, clinicians and admins read well in both themes and widths', async ({
  page,
  signIn,
}) => {
  test.setTimeout(360_000);
  await signIn('ops');
  for (const path of ['/unmatched-results', '/lab-reports']) await checkBothLooks(page, path);
  await signOut(page, /Oliver Ops/);
  await signIn('clinician');
  await checkBothLooks(page, '/orders/new-kit');
  await signOut(page, /Cleo Clinician/);
  // An admin opening an ordering page sees who may use it, not a form.
  await signIn('admin');
  await checkBothLooks(page, '/orders/register-kit');
  // The administration screens in dark at desktop width (their own journeys run axe on the
  // audit trail, webhook endpoints and lab tests in light), and the widest table on a phone.
  for (const path of [
    '/admin/accounts',
    '/admin/audit',
    '/admin/webhook-endpoints',
    '/admin/api-keys',
    '/admin/management-keys',
    '/admin/teams',
    '/lab-tests',
  ]) {
    await test.step(path, async () => {
      await page.setViewportSize(DESKTOP);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    });
  }
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, { contrast: false });
});

test('the theme switch overrides the system and is applied before the first paint', async ({
  page,
  signIn,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn('coordinator');
  const canvas = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const light = await canvas();

  await page.getByRole('button', { name: /^Theme/ }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await canvas()).not.toBe(light);

  // The app itself never sets the attribute on load: only /theme-init.js, in <head>, does.
  await page.goto('/orders', { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: /^Theme/ }).click();
  await page.getByRole('menuitemradio', { name: 'Same as system' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  expect(await canvas()).toBe(light);
});

test('the command palette and the shortcuts reach screens, orders and patients by keyboard', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const search = palette.getByRole('searchbox');

  await test.step('a screen by its name', async () => {
    await page.keyboard.press('Control+k');
    await expect(search).toBeFocused();
    await page.keyboard.type('lab rep');
    await expect(palette.getByRole('menuitem', { name: /Lab reports/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/lab-reports$/);
    await expect(palette).toBeHidden();
  });

  await test.step('an order by its ID', async () => {
    const path = await firstOrderPath(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type(path.split('/').at(-1) ?? '');
    await expect(palette.getByRole('menuitem', { name: /^Order / })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  });

  await test.step('a patient by name, through the console’s patient search', async () => {
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Brightwater');
    await expect(
      palette.getByRole('menuitem', { name: /Patient Avery Brightwater/ }),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}$/);
  });

  await test.step('the help lists the shortcuts; g o opens the orders', async () => {
    await page.locator('main').focus();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toContainText('Open the command palette');
    await expect(help).toContainText('Go to New order');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await page.keyboard.press('g');
    await page.keyboard.press('o');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  });

  await test.step('only the screens of the role', async () => {
    await signOut(page, /Casey Coordinator/);
    await signIn('ops');
    await page.keyboard.press('Control+k');
    await expect(palette.getByRole('menuitem', { name: /Unmatched results/ })).toBeVisible();
    await expect(palette.getByRole('menuitem', { name: /New order/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });
});

/** Presses Tab until the focused control's label matches: what a keyboard user does. */
async function tabTo(page: Page, label: RegExp) {
  for (let presses = 0; presses < 120; presses++) {
    await page.keyboard.press('Tab');
    const names = await page.evaluate(() => {
      const active = document.activeElement as HTMLInputElement | null;
      // A select's button is named by its value and its label, elements of their own.
      const labelledBy = (active?.getAttribute('aria-labelledby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '');
      return [
        active?.labels?.[0]?.textContent ??
          active?.getAttribute('aria-label') ??
          active?.textContent ??
          '',
        ...labelledBy,
      ].map((name) => name.trim());
    });
    if (names.some((name) => label.test(name))) return;
  }
  throw new Error(`Tab never reached ${String(label)}`);
}

/** Opens the select with Enter, moves down its list to the option, and chooses it with Enter. */
async function chooseByKeyboard(page: Page, label: RegExp, option: string) {
  await tabTo(page, label);
  await page.keyboard.press('Enter');
  const list = page.getByRole('listbox');
  const focused = list.locator(':focus');
  await expect(focused).toHaveCount(1);
  for (let moves = 0; moves < 10; moves++) {
    const current = (await focused.textContent()) ?? '';
    if (current === option) break;
    await page.keyboard.press('ArrowDown');
    await expect(focused).not.toHaveText(current);
  }
  await expect(list.getByRole('option', { name: option, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(page.locator(':focus')).toContainText(option);
}

test('a coordinator places an order with the keyboard alone', async ({ page, signIn }) => {
  await signIn('coordinator');
  const created = await page.request.post('/api/lab/v2/user', {
    headers: api,
    data: { client_user_id: `keyboard-${String(Date.now())}` },
  });
  const patient = userSchema.parse(await created.json());
  // Arriving from the patient's page: the patient is chosen at the top of the form.
  await page.goto(`/orders/new?userId=${patient.user_id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
  const outline = page.getByRole('navigation', { name: 'Order sections' });
  await expect(outline.getByRole('link', { name: /Patient\s+complete/ })).toBeVisible();

  const type = async (label: RegExp, text: string) => {
    await tabTo(page, label);
    await page.keyboard.type(text);
  };
  await type(/^First name/, 'Kay');
  await type(/^Last name/, 'Board');
  await type(/^Date of birth/, '04121986');
  await chooseByKeyboard(page, /^Sex$/, 'Male');
  await type(/^Phone number/, '+1 512 555 0142');
  await type(/^Email/, 'kay@example.com');
  await type(/^Address line 1/, '12 Test Lane');
  await type(/^City/, 'Austin');
  await type(/^State/, 'TX');
  await type(/^ZIP code/, '78701');
  await expect(outline.getByRole('link', { name: /Address\s+complete/ })).toBeVisible();

  await tabTo(page, /Labcorp|Quest|BioReference/);
  for (let moves = 0; moves < 4; moves++) {
    if (await page.getByRole('radio', { name: 'Quest – Junction platform' }).isChecked()) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(page.getByRole('radio', { name: 'Quest – Junction platform' })).toBeChecked();
  await tabTo(page, /^Metabolic Health Panel/);
  await page.keyboard.press('Space');
  await chooseByKeyboard(page, /fasting for at least 8 hours\? \(Glucose\)/, 'Yes');
  await chooseByKeyboard(page, /fasting for at least 8 hours\? \(Lipid Panel\)/, 'Yes');
  await expect(
    outline.getByRole('link', { name: /Lab account and tests\s+complete/ }),
  ).toBeVisible();

  await tabTo(page, /^Place order$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('alertdialog').filter({ hasText: 'Order placed' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kay Board');
});
