import type { Page } from '@playwright/test';
import { PATIENTS } from '../src/sandbox/seed';
import { reportPdf } from '../src/sandbox/parsing/reportPdf';
import { expect, expectAccessible, test } from './fixtures';

const patient = PATIENTS[0];
if (!patient) throw new Error('The seed has no patients');
const chosenLabel = `${patient.last_name}, ${patient.first_name}`;
const birthDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

test.use({ locale: 'en-US' });

async function upload(page: Page, fileName: string, lines: string[]): Promise<void> {
  await page.goto('/lab-reports');
  await page.getByRole('button', { name: /Patient$/ }).click();
  await page.getByRole('option', { name: chosenLabel, exact: true }).click();
  await page.getByLabel('Report (PDF, JPEG or PNG, at most 10 MB)').setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: await reportPdf(lines),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/lab-reports\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'Status:' }),
  ).toHaveText('Status: Completed', {
    timeout: 20_000,
  });
}

test('a report naming another patient is flagged, naming both', async ({ page, signIn }) => {
  await signIn('coordinator');
  await upload(page, 'hopper-lipids.pdf', [
    'Patient: Grace Hopper',
    'DOB: 1906-12-09',
    'Glucose 92 mg/dL 70-99',
  ]);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This report names another patient');
  await expect(alert).toContainText(
    `The report names Grace Hopper, born ${birthDate('1906-12-09')}`,
  );
  await expect(alert).toContainText(
    `uploaded for ${patient.first_name} ${patient.last_name}, born ${birthDate(patient.dob)}`,
  );
  await expectAccessible(page);
});

test("the job page names its patient and file, and reads the report's fields and rows", async ({
  page,
  signIn,
}) => {
  await signIn('ops');
  await upload(page, 'lipid-panel.pdf', [
    `Patient: ${patient.first_name} ${patient.last_name}    DOB: ${patient.dob}`,
    'Lab: Quest Diagnostics    Collected: 2024-05-01    Reported: 2024-05-03',
    'Total Cholesterol 180 mg/dL 0-199',
    'HDL Cholesterol 52 mg/dL >39',
    'LDL Cholesterol 110 mg/dL 0-99 H',
    'Triglycerides 90 mg/dL 0-149',
    'Ferritin see note ng/mL 30-400',
  ]);
  const fact = (term: string) =>
    page
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(fact('Uploaded for')).toHaveText(
    `${patient.first_name} ${patient.last_name}, born ${birthDate(patient.dob)}`,
  );
  await expect(fact('File')).toHaveText('lipid-panel.pdf');
  await expect(page.getByRole('alert')).toHaveCount(0);

  for (const [term, value] of [
    ['Date of birth', patient.dob],
    ['Lab', 'Quest Diagnostics'],
    ['Collected', '2024-05-01'],
    ['Reported', '2024-05-03'],
  ] as const) {
    await expect(fact(term)).toHaveText(value);
  }
  const rows = page.getByRole('table', { name: 'Extracted results' }).getByRole('row');
  await expect(rows).toHaveCount(6);
  const hdl = rows.filter({ hasText: 'HDL Cholesterol' });
  await expect(hdl.getByRole('cell').nth(0)).toHaveText('52');
  await expect(hdl.getByRole('cell').nth(2)).toHaveText('> 39');
  await expect(hdl).toContainText('2085-9');
  await expect(page.getByText('1 row could not be read')).toBeVisible();
  await expect(rows.filter({ hasText: 'Ferritin' }).getByRole('cell').nth(0)).toHaveText(
    'see note ng/mL 30-400',
  );
  await expectAccessible(page);
});
