// Screenshots of the clinical screens (patient page, full trend chart, wearables with lab
// values) in light, dark and at 390 px, for docs/screenshots. Needs `npm run build` first.
// Usage: node scripts/screenshots-clinical.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'docs/screenshots');
const port = 4300 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'console-shots-'));
const server = spawn(process.execPath, ['dist/server/start.js'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port) },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function ready() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the console did not become ready');
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  await ready();
  const shots = [
    { name: 'light', colorScheme: 'light', viewport: { width: 1280, height: 900 } },
    { name: 'dark', colorScheme: 'dark', viewport: { width: 1280, height: 900 } },
    { name: '390', colorScheme: 'light', viewport: { width: 390, height: 844 } },
  ];
  for (const shot of shots) {
    const context = await browser.newContext({
      colorScheme: shot.colorScheme,
      viewport: shot.viewport,
      baseURL: base,
    });
    const page = await context.newPage();
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill('clinician@demo.test');
    await page.getByLabel('Password').fill('demo-clinician');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    const { patient, from, to, times } = await pickPatient(page);
    console.log(shot.name, patient, from, to, times.join(' '));

    await page.goto(`/patients/${patient}`);
    await page.getByRole('heading', { name: 'Trends' }).waitFor();
    await page
      .getByRole('button', { name: /^Full chart/ })
      .first()
      .waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({
      path: path.join(out, `patient-page-${shot.name}.png`),
      fullPage: true,
    });

    await page
      .getByRole('button', { name: /^Full chart/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.recharts-brush-traveller').first().focus();
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(out, `trend-full-chart-${shot.name}.png`) });
    await page.keyboard.press('Escape');

    await page.goto(`/patients/${patient}/wearables?resource=glucose&from=${from}&to=${to}`);
    await page.getByLabel('Show lab results').check();
    await page.getByText(/^Lab Glucose: /).waitFor();
    await page.locator('.lab-dot').first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({
      path: path.join(out, `wearables-lab-overlay-${shot.name}.png`),
      fullPage: shot.name === '390',
    });
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}

/** A patient with repeated glucose results, and the range of days around them. */
async function pickPatient(page) {
  return page.evaluate(async () => {
    const headers = { 'x-lab-console': '1' };
    const get = (p) => fetch(p, { headers }).then((r) => r.json());
    const orders = await get('/api/lab/v3/orders?status=completed&size=100');
    const byUser = new Map();
    for (const o of orders.orders) {
      const res = await get(`/api/lab/v3/order/${o.id}/result`);
      const g = (res.results ?? []).find((r) => r.slug === 'glucose');
      if (!g) continue;
      const t = Date.parse(g.timestamp ?? res.metadata.date_reported);
      byUser.set(o.user_id, [...(byUser.get(o.user_id) ?? []), t]);
    }
    const [patient, times] = [...byUser].sort((a, b) => b[1].length - a[1].length)[0];
    const day = (t) => new Date(t).toISOString().slice(0, 10);
    const latest = Math.max(...times);
    return {
      patient,
      from: day(latest - 20 * 86_400_000),
      to: day(Math.min(Date.now(), latest + 10 * 86_400_000)),
      times: times.map(day),
    };
  });
}
