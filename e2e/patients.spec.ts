import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE, userSchema } from '../src/contract';
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
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete patient' }).click();
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

  await entry.getByRole('button', { name: `Undo deletion of patient ${userId}` }).click();
  await expect(deleted).toHaveCount(0);
  await page.goto(`/patients/${userId}`);
  await expect(page.getByRole('button', { name: 'Delete patient' })).toBeVisible();
});
