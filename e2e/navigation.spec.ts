import { expect, test } from './fixtures';

test('the navigation follows the role: coordinators can order, clinicians cannot', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'New order' })).toBeVisible();
  // Signing out sits in the account menu, named after the person.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Casey Coordinator/ })
    .click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  await signIn('clinician');
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'New order' })).toHaveCount(0);
});

test('a wrong password gets one generic message', async ({ page, expectHttpError }) => {
  expectHttpError('/api/session', 401);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('coordinator@demo.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Email or password is incorrect.');
});
