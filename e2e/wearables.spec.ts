import type { Page } from '@playwright/test';
import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE } from '../src/contract';
import { ordersPageSchema } from '../src/contract/order';
import { labResultsRawSchema } from '../src/contract/results';
import { groupedTimeseriesSchema, nextTimeseriesCursor } from '../src/contract/timeseries';
import { expect, expectAccessible, test } from './fixtures';

// Days in UTC, so the test can ask the Lab API for the same days with plain dates.
test.use({ timezoneId: 'UTC' });

/** Samples the BFF holds for a query, following every cursor: what the chart must show. */
async function countThroughApi(
  page: Page,
  userId: string,
  resource: string,
  search: URLSearchParams,
) {
  let total = 0;
  let pages = 0;
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({
      start_date: search.get('from') ?? '',
      end_date: search.get('to') ?? '',
    });
    const provider = search.get('provider');
    if (provider) query.set('provider', provider);
    if (cursor) query.set('next_cursor', cursor);
    const response = await page.request.get(
      `/api/lab/v2/timeseries/${userId}/${resource}/grouped?${query.toString()}`,
      { headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE } },
    );
    expect(response.status()).toBe(200);
    const body = groupedTimeseriesSchema.parse(await response.json());
    for (const groups of Object.values(body.groups)) for (const g of groups) total += g.data.length;
    pages++;
    cursor = nextTimeseriesCursor(body);
  } while (cursor);
  return { total, pages };
}

/** The page's query; without from/to in the URL the page shows the last 30 days (UTC here). */
function searchOf(page: Page) {
  const search = new URL(page.url()).searchParams;
  const today = new Date().toISOString().slice(0, 10);
  if (!search.get('to')) search.set('to', today);
  if (!search.get('from')) {
    search.set('from', new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10));
  }
  return search;
}

/** "58 samples loaded from 3 pages": the status line after the last page. */
async function loaded(page: Page) {
  const status = page.getByRole('status').filter({ hasText: 'samples loaded' });
  await expect(status).toBeVisible();
  const text = (await status.textContent()) ?? '';
  const match = /([\d,]+) samples loaded from ([\d,]+) page/.exec(text);
  expect(match, text).not.toBeNull();
  return {
    total: Number(match?.[1]?.replaceAll(',', '')),
    pages: Number(match?.[2]?.replaceAll(',', '')),
    text,
  };
}

test('a clinician charts a patient’s wearables: two providers, apnea per night, a filter, a range', async ({
  page,
  signIn,
}) => {
  let userId = '';
  await test.step('open a patient from the wearables page', async () => {
    await signIn('clinician');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Wearables' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wearables' })).toBeVisible();
    await page
      .getByRole('list', { name: 'Patients of recent orders' })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}\/wearables/);
    userId = /patients\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  });

  await test.step('lean body mass from two providers is two series, with every page charted', async () => {
    await expect(page.getByRole('heading', { level: 2, name: /Lean body mass/ })).toContainText(
      'kg',
    );
    const chart = page.getByRole('figure', { name: 'Lean body mass chart' });
    await expect(chart.locator('.recharts-line')).toHaveCount(2);
    await expect(chart.getByText('withings · scale')).toBeVisible();
    await expect(chart.getByText('apple_health_kit · scale')).toBeVisible();
    const shown = await loaded(page);
    const api = await countThroughApi(page, userId, 'lean_body_mass', searchOf(page));
    expect(api.pages).toBeGreaterThan(1);
    expect(shown.total).toBe(api.total);
    // The range is fetched as windows of days side by side: at least the pages of one chain.
    expect(shown.pages).toBeGreaterThanOrEqual(api.pages);
    // Fewer samples than pixels: the chart draws every one of them.
    expect(shown.text).toContain(`draws ${api.total.toLocaleString('en-US')} points`);
    await expect(page.getByRole('table')).toContainText(`of ${api.total} samples`);
    await expect(page.getByText(/Asked for: .* 00:00 – .* 23:59 \(UTC\)/)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export CSV/ }).click();
    const csv = await (await download).createReadStream();
    let text = '';
    for await (const chunk of csv) text += String(chunk);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('timestamp,provider,source_type,value,unit');
    expect(lines).toHaveLength(api.total + 1);
    await expectAccessible(page);
  });

  await test.step('sleep apnea alerts are events per night, as bars', async () => {
    await page.getByRole('button', { name: /Measurement$/ }).click();
    await page.getByRole('option', { name: 'Sleep apnea alerts', exact: true }).click();
    await expect(page.getByRole('button', { name: /Measurement$/ })).toContainText(
      'Sleep apnea alerts',
    );
    await expect(page.getByRole('heading', { level: 2, name: /Sleep apnea alerts/ })).toContainText(
      'count',
    );
    const chart = page.getByRole('figure', { name: 'Sleep apnea alerts chart' });
    await expect(chart.locator('.recharts-bar')).toHaveCount(2);
    await expect(chart).toContainText('Events per night');
    const shown = await loaded(page);
    const api = await countThroughApi(page, userId, 'sleep_apnea_alert', searchOf(page));
    expect(shown.total).toBe(api.total);
    expect(api.pages).toBeGreaterThan(1);
  });

  await test.step('filter one provider', async () => {
    await expect(page.getByRole('button', { name: /Provider$/ })).toContainText('All providers');
    await page.getByRole('button', { name: /Provider$/ }).click();
    await expect(page.getByRole('option', { name: 'All providers' })).toBeVisible();
    await page.getByRole('option', { name: 'withings', exact: true }).click();
    await expect(page).toHaveURL(/provider=withings/);
    const chart = page.getByRole('figure', { name: 'Sleep apnea alerts chart' });
    await expect(chart.locator('.recharts-bar')).toHaveCount(1);
    await expect(chart.getByText('withings · unknown')).toBeVisible();
    await expect(chart.getByText('apple_health_kit · watch')).toHaveCount(0);
    const shown = await loaded(page);
    const api = await countThroughApi(page, userId, 'sleep_apnea_alert', searchOf(page));
    expect(shown.total).toBe(api.total);
    await expect(
      page.getByRole('table').getByRole('cell', { name: 'apple_health_kit' }),
    ).toHaveCount(0);
  });

  await test.step('change the range', async () => {
    const before = searchOf(page).get('from') ?? '';
    const to = searchOf(page).get('to') ?? '';
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(from).not.toBe(before);
    await page.getByLabel('From').fill(from);
    await expect(page).toHaveURL(new RegExp(`from=${from}`));
    const shown = await loaded(page);
    const api = await countThroughApi(page, userId, 'sleep_apnea_alert', searchOf(page));
    expect(shown.total).toBe(api.total);
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(page.getByText(`Asked for: ${day.format(Date.parse(from))} 00:00`)).toBeVisible();
  });

  await test.step('a range with no data says so for the provider', async () => {
    await page.getByLabel('From').fill('2020-01-01');
    await page.getByLabel('To').fill('2020-01-07');
    await expect(page).toHaveURL(/to=2020-01-07/);
    await expect(
      page.getByText('No sleep apnea alerts from withings (unknown) in this range.'),
    ).toBeVisible();
  });

  await test.step('two weeks of glucose are hours of bands, and every sample once zoomed in', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.parse(to) - 13 * 86_400_000).toISOString().slice(0, 10);
    // A reading every 15 minutes: more samples than pixels, fewer than the pages of minutes.
    await page.goto(`/patients/${userId}/wearables?resource=glucose&from=${from}&to=${to}`);
    const shown = await loaded(page);
    const api = await countThroughApi(page, userId, 'glucose', searchOf(page));
    expect(shown.total).toBe(api.total);
    expect(shown.text).toContain('hours of them (mean, lowest and highest)');
    const chart = page.getByRole('figure', { name: 'Glucose chart' });
    await expect(chart.locator('.recharts-area')).toHaveCount(1);
    await expect(chart.locator('.recharts-line')).toHaveCount(1);
    const view = chart.getByRole('group', { name: 'Chart view' });
    await expect(view).toContainText('per hour, the mean and the lowest to highest');
    // The view's buttons sit on the page's card, not on the header: they must read there.
    await expectAccessible(page);
    // Halving the view until its samples fit the pixels: once or twice at this width.
    for (let i = 0; i < 10; i++) {
      if ((await view.textContent())?.includes('every sample')) break;
      await view.getByRole('button', { name: 'Zoom in' }).click();
    }
    await expect(view).toContainText('every sample');
    await expect(chart.locator('.recharts-area')).toHaveCount(0);
    await view.getByRole('button', { name: 'Earlier' }).click();
    await expect(view).toContainText('every sample');
    await view.getByRole('button', { name: 'Whole range' }).click();
    await expect(view).toContainText('per hour');
    await expect(chart.locator('.recharts-area')).toHaveCount(1);

    // Monitor data is read as the consensus on CGM metrics has it, over every sample loaded.
    const summary = page.getByRole('region', { name: 'Glucose summary' });
    await expect(summary).toContainText(`(${api.total.toLocaleString('en-US')} readings)`);
    const ranges = summary.getByRole('table');
    await expect(ranges.getByRole('rowheader')).toHaveText([
      'Very high, above 13.9 mmol/L',
      'High, 10.1–13.9 mmol/L',
      'In target, 3.9–10.0 mmol/L',
      'Low, 3.0–3.8 mmol/L',
      'Very low, below 3.0 mmol/L',
    ]);
    await expect(summary.getByText('Glucose management indicator (GMI)')).toBeVisible();
    await expect(summary.getByRole('figure')).toContainText('Ambulatory glucose profile');
    await expect(summary.locator('.recharts-line')).toHaveCount(1);
  });

  await test.step('lab glucose values are drawn over the glucose monitor, converted to mmol/L', async () => {
    // A patient's lab glucose from the last 80 days (the monitor's history is 90), via the API.
    const get = async (path: string) =>
      (
        await page.request.get(path, { headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE } })
      ).json() as Promise<unknown>;
    const orders = ordersPageSchema.parse(
      await get('/api/lab/v3/orders?status=completed&size=100'),
    ).orders;
    let found: { userId: string; t: number; text: string } | null = null;
    for (const order of orders) {
      const results = labResultsRawSchema.parse(await get(`/api/lab/v3/order/${order.id}/result`));
      const glucose = Array.isArray(results.results)
        ? results.results.find((r) => r.slug === 'glucose')
        : undefined;
      // A lab value belongs to the moment its sample was taken.
      const t = Date.parse(
        results.metadata.date_collected ??
          glucose?.timestamp ??
          results.metadata.date_reported ??
          '',
      );
      if (glucose && Date.now() - t < 80 * 86_400_000) {
        found = { userId: order.user_id, t, text: glucose.result };
        break;
      }
    }
    expect(found, 'a seeded patient with a recent lab glucose').not.toBeNull();
    const day = (t: number) => new Date(t).toISOString().slice(0, 10);
    const from = day((found?.t ?? 0) - 2 * 86_400_000);
    const to = day(Math.min(Date.now(), (found?.t ?? 0) + 2 * 86_400_000));
    await page.goto(
      `/patients/${found?.userId ?? ''}/wearables?resource=glucose&from=${from}&to=${to}`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/^Wearables of \S+/);
    await loaded(page);
    await page.getByLabel('Show lab results').check();
    await expect(page.getByText(/^Lab Glucose: \d+ values? in this range/)).toContainText(
      'converted from the lab’s mg/dL',
    );
    // Not the lab's fasting interval: after-meal readings would all look abnormal.
    await expect(page.getByText(/^Lab Glucose: /)).toContainText(
      'The shaded band is the target range for monitor data, 3.9–10.0 mmol/L',
    );
    const mmol = (Number(found?.text) / 18.016).toPrecision(3);
    await expect(page.getByRole('list', { name: 'Lab Glucose values' })).toContainText(
      `${found?.text ?? ''} mg/dL (${Number(mmol)} mmol/L)`,
    );
    await expect(
      page.getByRole('figure', { name: 'Glucose chart' }).locator('.lab-dot').first(),
    ).toBeVisible();
    await page.getByLabel('Show lab results').uncheck();
    await expect(page.locator('.lab-dot')).toHaveCount(0);
  });
});

test('ops have no wearables entry and the BFF refuses them the data', async ({ page, signIn }) => {
  await signIn('ops');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wearables' }),
  ).toHaveCount(0);
  const userId = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
  await page.goto(`/patients/${userId}/wearables`);
  await expect(page.getByRole('main')).toContainText(
    'Only care coordinators and clinicians can use this page.',
  );
  const response = await page.request.get(
    `/api/lab/v2/timeseries/${userId}/heartrate/grouped?start_date=2025-01-01&end_date=2025-01-02`,
    { headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE } },
  );
  expect(response.status()).toBe(403);
});
