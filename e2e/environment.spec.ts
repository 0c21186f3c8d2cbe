import { expect, expectAccessible, test } from './fixtures';

test('every signed-in page says the console talks to a sandbox holding no real patients', async ({
  page,
  signIn,
}) => {
  await signIn('clinician');
  const header = page.getByRole('banner');
  await expect(
    header.getByText('Connected to the local Lab API: demo data, no real patients.'),
  ).toBeAttached();
  await expect(header.getByText('Local sandbox')).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'More' }).click();
  await nav.getByRole('link', { name: 'Lab reports' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(header.getByText('Local sandbox')).toBeVisible();
  await expectAccessible(page);
});
