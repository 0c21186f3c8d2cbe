// The year of minute heart rate (525,600 samples) in Chromium: the time from the last page's
// arrival to an interactive chart on the console's wearables page (goal ≤ 300 ms), next to
// recharts given raw data of growing size in the same run, up to what it finishes in 30 s.
// Functions passed to page.evaluate run in the page:
/* global MutationObserver, document, requestAnimationFrame, history, dispatchEvent, PopStateEvent, window */
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_CHART_PORT ?? 4621);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-chart-'));
const rawDir = mkdtempSync(path.join(tmpdir(), 'bench-chart-raw-'));
const GOAL_MS = 300;
const RAW_LIMIT_MS = 30_000;
const RAW_SIZES = (
  process.env.BENCH_CHART_RAW_SIZES ?? '5000,10000,25000,50000,100000,200000,525600'
)
  .split(',')
  .filter(Boolean)
  .map(Number);
const cleanups = [];

function startConsole() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/server/start.js'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(() => child.kill());
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (/ready at/.test(out)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`console exited with ${code}: ${out}`)));
  });
}

/** Builds the raw-recharts page and serves it on loopback. */
async function serveRawPage() {
  await build({
    root: path.join(root, 'bench/support/raw-chart'),
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: rawDir, emptyOutDir: true },
  });
  const server = createServer((req, res) => {
    const file = path.join(
      rawDir,
      (req.url ?? '/').split('?')[0] === '/' ? 'index.html' : (req.url ?? '').split('?')[0],
    );
    if (!file.startsWith(rawDir)) return res.writeHead(404).end();
    res.setHeader('content-type', file.endsWith('.js') ? 'text/javascript' : 'text/html');
    createReadStream(file)
      .on('error', () => res.writeHead(404).end())
      .pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  return `http://127.0.0.1:${server.address().port}/`;
}

const ms = (value) => `${value.toFixed(0).padStart(7)} ms`;

try {
  const [, rawUrl] = await Promise.all([startConsole(), serveRawPage()]);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  cleanups.unshift(() => browser.close());

  // The console: sign in, then open a year of the demo patient's minute heart rate.
  const context = await browser.newContext({
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const base = `http://localhost:${port}`;
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email').fill('clinician@demo.test');
  await page.getByLabel('Password').fill('demo-clinician');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  // The local Lab API's patient with a full year of minute heart rate, found as a user would.
  const users = await page.request.get(`${base}/api/lab/v2/user?search=demo-patient-001`, {
    headers: { 'x-lab-console': '1' },
  });
  const patientId = (await users.json()).users[0].user_id;
  // Marks the moment the chart's line is drawn and the main thread is free again.
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.recharts-line-curve[d]')) return;
      observer.disconnect();
      requestAnimationFrame(() =>
        setTimeout(() => performance.mark('wearables:chart-interactive'), 0),
      );
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(today) - 365 * 86_400_000).toISOString().slice(0, 10);
  const started = Date.now();
  // Client-side navigation keeps the observer (a full load would drop it).
  await page.evaluate(
    ([id, f, t]) => {
      history.pushState({}, '', `/patients/${id}/wearables?resource=heartrate&from=${f}&to=${t}`);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    [patientId, from, today],
  );
  await page.waitForFunction(
    () => performance.getEntriesByName('wearables:chart-interactive').length > 0,
    undefined,
    { timeout: 300_000, polling: 100 },
  );
  const loadMs = Date.now() - started;
  const figures = await page.evaluate(() => {
    const arrived = performance.getEntriesByName('wearables:data-arrived')[0];
    const ready = performance.getEntriesByName('wearables:chart-interactive')[0];
    const status = [...document.querySelectorAll('[role="status"]')]
      .map((e) => e.textContent)
      .join(' ');
    const chartData = performance.getEntriesByName('wearables:chart-data').at(-1);
    return {
      arrivalToChart: ready.startTime - arrived.startTime,
      arrivalToData: chartData.startTime - arrived.startTime,
      status,
    };
  });
  const samples = /([\d,]+) samples loaded from ([\d,]+) page/.exec(figures.status);

  // recharts alone, raw data, growing sizes, each in a fresh page.
  const raw = [];
  for (const n of RAW_SIZES) {
    const rawPage = await context.newPage();
    await rawPage.goto(`${rawUrl}?n=${n}`);
    const result = await Promise.race([
      rawPage.evaluate((size) => window.renderRaw(size), n).catch(() => null),
      new Promise((resolve) => setTimeout(() => resolve(null), RAW_LIMIT_MS)),
    ]);
    await rawPage.close().catch(() => {});
    raw.push({ n, ms: result });
    if (result === null) break;
  }

  console.log('Wearables chart: a year of minute heart rate in Chromium (headless)');
  console.log(
    `  samples loaded                  ${samples ? `${samples[1]} from ${samples[2]} pages` : figures.status}`,
  );
  console.log(
    `  navigation to interactive chart ${ms(loadMs)}   (fetching every page through the BFF)`,
  );
  console.log(
    `  data arrival to interactive     ${ms(figures.arrivalToChart)}   goal ≤ ${GOAL_MS} ms   ${figures.arrivalToChart <= GOAL_MS ? 'ok' : 'OVER'}`,
  );
  console.log(
    `    of which: to downsampled rows ${ms(figures.arrivalToData)}, recharts and the page ${ms(figures.arrivalToChart - figures.arrivalToData)}`,
  );
  console.log('  recharts given raw data (same chart parts, 1200 px wide):');
  for (const r of raw) {
    console.log(
      `    ${String(r.n).padStart(7)} points ${r.ms === null ? `   did not finish in ${RAW_LIMIT_MS / 1000} s` : ms(r.ms)}`,
    );
  }
} finally {
  for (const cleanup of cleanups) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(rawDir, { recursive: true, force: true });
}
