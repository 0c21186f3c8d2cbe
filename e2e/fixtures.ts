import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';
import { startJourneyStack, type Stack } from './support/stack';

type Role = keyof typeof DEMO;

/**
 * Every journey runs against a console of its own (`support/stack.ts`): a fresh copy of
 * the seeded data, so no journey depends on what another one, or an earlier run, did.
 * `serverEnv` adds settings for one file's journeys (`test.use({ serverEnv: {...} })`).
 *
 * Every journey fails on a console error or an uncaught page error. Chromium also
 * logs each HTTP error answer as a console error; the expected ones are declared:
 * `GET /api/session` answering 401 when nobody is signed in (how the console learns
 * it must ask to sign in), and whatever a test names with `expectHttpError`.
 */
export const test = base.extend<{
  serverEnv: Record<string, string>;
  stack: Stack;
  expectHttpError: (path: string, status: number) => void;
  signIn: (role: Role) => Promise<void>;
}>({
  serverEnv: [{}, { option: true }],
  stack: async ({ serverEnv }, use, testInfo) => {
    const name = `${testInfo.testId}-${testInfo.repeatEachIndex}-${testInfo.retry}`;
    const stack = await startJourneyStack(name, serverEnv);
    await use(stack);
    await stack.stop();
  },
  baseURL: async ({ stack }, use) => {
    await use(stack.url);
  },
  expectHttpError: [
    async ({ page }, use) => {
      const expected = [{ path: '/api/session', status: 401 }];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const url = message.location().url;
        const declared = expected.some(
          (e) => url.includes(e.path) && message.text().includes(`status of ${e.status}`),
        );
        if (!declared) errors.push(`${message.text()} (${url})`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await use((path, status) => expected.push({ path, status }));
      expect(errors, 'console errors during the journey').toEqual([]);
    },
    { auto: true },
  ],
  signIn: async ({ page }, use) => {
    await use(async (role) => {
      await page.goto('/sign-in');
      await signInOnPage(page, role);
      await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    });
  },
});

/**
 * Forgets the session before someone else signs in on the same page. The page is left
 * first: a page still loading (its heading draws before its data) would otherwise have its
 * requests refused once the cookie is gone, and the refusals logged as console errors.
 */
export async function forgetSession(page: Page) {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

export async function signInOnPage(page: Page, role: Role) {
  await page.getByLabel('Email').fill(DEMO[role].email);
  await page.getByLabel('Password').fill(DEMO[role].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * axe with the WCAG 2.x A and AA rules; any violation fails the journey. `contrast: false`
 * leaves out colour contrast, the slowest rule, where a journey already checked the same
 * theme's colours on the page (the design journey's phone-width pass, in light).
 */
export async function expectAccessible(page: Page, { contrast = true } = {}) {
  // Colours are checked at rest: halfway through a fade-in (an alert that arrives as the
  // check starts) axe reads a contrast nobody is shown. Endless animations are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await test.step('axe', () => {
    const builder = new AxeBuilder({ page }).withTags([
      'wcag2a',
      'wcag2aa',
      'wcag21a',
      'wcag21aa',
      'best-practice',
    ]);
    // Only violations are read: collecting the passes and incomplete results (axe's default)
    // serialises every checked node of the page back to the test for nothing.
    builder.options({ resultTypes: ['violations'] });
    return (contrast ? builder : builder.disableRules(['color-contrast'])).analyze();
  });
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`,
    ),
  ).toEqual([]);
}

export { expect };
