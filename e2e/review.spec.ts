import PDFDocument from 'pdfkit';
import { expect, expectAccessible, test } from './fixtures';

/** A one-page text PDF with the given lines, made here so the values are known. */
function textPdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

test('ops filters the queue, accepts a candidate and lands on the order, then escalates another', async ({
  page,
  signIn,
}) => {
  await signIn('ops');

  await test.step('filter the queue by decision', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Unmatched results' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Unmatched results' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('caption')).toContainText('Showing');
    await page.getByRole('button', { name: /Decision$/ }).click();
    await page.getByRole('option', { name: 'Matches a completed order' }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/decision=match_completed/);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('table').getByRole('caption')).toHaveText('Showing 1 of 1 result');
    await expectAccessible(page);
  });

  await test.step('open the result and compare it with its candidate', async () => {
    await page.getByRole('table').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/unmatched-results\/[0-9a-f-]{36}$/);
    // The queue stays on screen until the result has loaded: wait for the result's own page.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('unmatched result');
    // The decision as the result states it, not the queue's filter option of the same name.
    await expect(
      page
        .getByRole('main')
        .getByRole('definition')
        .filter({ hasText: 'Matches a completed order' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept this order' })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('accept the candidate with a note and land on the order', async () => {
    await page.getByLabel('Note (optional)').fill('Same sample, results re-issued.');
    await page.getByRole('button', { name: 'Accept this order' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Attach to this order' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  await test.step('escalate another result and see its new status', async () => {
    await page.goto('/unmatched-results?decision=match_sample_id');
    await page.getByRole('table').getByRole('link').first().click();
    await page.getByRole('button', { name: 'Unsure: escalate to operations' }).click();
    await expect(
      page.getByRole('main').getByRole('status').filter({ hasText: 'Status:' }),
    ).toHaveText("Saved. Status: Escalated to the provider's operations.");
    await expect(page.getByRole('button', { name: 'Unsure: escalate to operations' })).toHaveCount(
      0,
    );
  });
});

test('a coordinator cannot act on the queue', async ({ page, signIn }) => {
  const reviewCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/lab/v3/unmatched_result')) reviewCalls.push(request.url());
  });
  await signIn('coordinator');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Unmatched results' }),
  ).toHaveCount(0);
  await page.goto('/unmatched-results');
  await expect(page.getByRole('main')).toContainText('Only ops staff can use this page.');
  await page.goto('/unmatched-results/00000000-0000-4000-8000-000000000001');
  await expect(page.getByRole('heading', { level: 1, name: 'Unmatched result' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Only ops staff can use this page.');
  await expect(page.getByRole('button', { name: /Accept|Reject|Unsure/ })).toHaveCount(0);
  // The BFF refuses these calls for a coordinator too (src/integration/review.test.ts).
  expect(reviewCalls).toEqual([]);
});

test('a text PDF lab report is parsed into exactly its values with LOINC codes', async ({
  page,
  signIn,
}) => {
  await signIn('coordinator');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'More' }).click();
  await nav.getByRole('link', { name: 'Lab reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lab reports' })).toBeVisible();

  await test.step('upload the report', async () => {
    const pdf = await textPdf([
      'Patient: Ada Lovelace',
      'DOB: 1980-02-03',
      'Lab: Quest Diagnostics',
      'Glucose 92 mg/dL 70-99',
      'Hemoglobin A1c 6.1 % 4.0-5.6',
      'Ferritin 48 ng/mL 30-400',
    ]);
    await page.getByRole('button', { name: /Patient$/ }).click();
    await page.getByRole('option').nth(0).click();
    await page
      .getByLabel('Report (PDF, JPEG or PNG, at most 10 MB)')
      .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page).toHaveURL(/\/lab-reports\/[0-9a-f-]{36}$/);
  });

  await test.step('the job completes and shows exactly those values', async () => {
    await expect(
      page.getByRole('main').getByRole('status').filter({ hasText: 'Status:' }),
    ).toHaveText('Status: Completed', {
      timeout: 20_000,
    });
    const rows = page.getByRole('table', { name: 'Extracted results' }).getByRole('row');
    await expect(rows).toHaveCount(4);
    const cells = async (i: number) =>
      (await rows.nth(i).getByRole('cell').allTextContents()).map((t) => t.trim());
    const first = async (i: number) =>
      (await rows.nth(i).getByRole('rowheader').textContent())?.trim();
    expect([await first(1), ...(await cells(1)).slice(0, 2)]).toEqual(['Glucose', '92', 'mg/dL']);
    expect((await cells(1))[4]).toContain('2345-7');
    expect([await first(2), ...(await cells(2)).slice(0, 2)]).toEqual([
      'Hemoglobin A1c',
      '6.1',
      '%',
    ]);
    expect((await cells(2))[4]).toContain('4548-4');
    expect([await first(3), ...(await cells(3)).slice(0, 2)]).toEqual(['Ferritin', '48', 'ng/mL']);
    expect((await cells(3))[4]).toContain('2276-4');
    await expectAccessible(page);
  });

  await test.step('the job is listed on the lab reports page', async () => {
    await page.getByRole('link', { name: 'Back to lab reports' }).click();
    await expect(
      page.getByRole('table').getByRole('link', { name: 'report.pdf' }).first(),
    ).toBeVisible();
  });
});

test('a report flagged for human review ends pending review', async ({ page, signIn }) => {
  await signIn('ops');
  await page.goto('/lab-reports');
  const pdf = await textPdf(['TSH 2.1 mIU/L 0.4-4.0']);
  await page.getByRole('button', { name: /Patient$/ }).click();
  await page.getByRole('option').nth(1).click();
  await page
    .getByLabel('Report (PDF, JPEG or PNG, at most 10 MB)')
    .setInputFiles({ name: 'tsh.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByLabel('Ask for human review of the results').check();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'Status:' }),
  ).toHaveText('Status: Completed, pending human review', {
    timeout: 20_000,
  });
  await expect(page.getByRole('table', { name: 'Extracted results' })).toContainText('3016-3');
});

test('an 11 MB file and an HTML file named .pdf are refused and nothing is sent', async ({
  page,
  signIn,
}) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/parsing-jobs')) {
      uploads.push(request.url());
    }
  });
  await signIn('ops');
  await page.goto('/lab-reports');
  await page.getByRole('button', { name: /Patient$/ }).click();
  await page.getByRole('option').nth(0).click();
  const fileInput = page.getByLabel('Report (PDF, JPEG or PNG, at most 10 MB)');

  await test.step('an 11 MB file', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024);
    big.write('%PDF-1.4\n');
    await fileInput.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: big });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The file is larger than 10 MB. Choose a smaller report.',
    );
  });

  await test.step('an HTML file named .pdf', async () => {
    await fileInput.setInputFiles({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<!doctype html><html><body>not a report</body></html>'),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The file is not a PDF, JPEG or PNG (judged by its content, not its name).',
    );
  });
  // Nothing left the browser, so neither the BFF nor the local Lab API received a file.
  expect(uploads).toEqual([]);
});
