// A year of minute heart rate (525,600 samples) on the console's wearables page in Chromium,
// against a transport floor measured in the same run (bench/support/transport-floor.mjs: the
// same pages through the same BFF, only JSON.parsed, in one worker). The first line is
//   year of minute data: navigation → interactive N ms; transport floor M ms; ratio R
// (medians of three rounds taking turns; goal R ≤ 1.3, docs/speed.md). Then, over the rounds,
// the first picture drawn while pages still arrive (goal ≤ 1 s), the longest main-thread task
// while loading (goal ≤ 100 ms) and the tab's JS heap (goal ≤ 150 MB). Then the console's load
// once more through a second BFF whose Lab API answers from memory (BENCH_CHART_REPLAY=0 leaves
// it out): the console's own cost, without the local Lab API generating samples on the same
// cores; the BFF's compression of the same pages (brotli against none); and recharts given raw
// data of growing size, up to what it finishes in 30 s. BENCH_CHART_STRATEGIES adds earlier
// loading strategies for comparison (`sequential-main,windows-main`).
// Functions passed to page.evaluate run in the page:
/* global MutationObserver, document, requestAnimationFrame, history, dispatchEvent, PopStateEvent, window */
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { startConsole as startBenchConsole, startLabApi } from './support/console.mjs';
import { startReplayUpstream } from './support/replay-upstream.mjs';
import { loadTransportFloor } from './support/transport-floor.mjs';
import { children } from './support/serve.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_CHART_PORT ?? 4621);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-chart-'));
const rawDir = mkdtempSync(path.join(tmpdir(), 'bench-chart-raw-'));
const FIRST_PICTURE_GOAL_MS = 1000;
const TASK_GOAL_MS = 100;
const HEAP_GOAL_MB = 150;
// Earlier loading strategies, for comparison (e.g. `sequential-main,windows-main`); none by default.
const STRATEGIES = (process.env.BENCH_CHART_STRATEGIES ?? '').split(',').filter(Boolean);
const RAW_LIMIT_MS = 30_000;
/** Windows side by side in the transport floor: the console's own (CONCURRENCY in timeseries.ts). */
const TRANSPORT_CONCURRENCY = 4;
/** The year's goal against the transport floor (docs/speed.md). */
const RATIO_GOAL = 1.3;
const RAW_SIZES = (process.env.BENCH_CHART_RAW_SIZES ?? '5000,10000,25000')
  .split(',')
  .filter(Boolean)
  .map(Number);
const cleanups = [];
const REPLAY = process.env.BENCH_CHART_REPLAY !== '0';

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

/**
 * The local Lab API behind a replaying stand-in and a BFF of its own, with a clinician
 * invited and signed in by the BFF's admin; resolves with what loadYear needs.
 */
async function startReplayConsole(browser) {
  cleanups.push(() => {
    for (const child of children) child.kill();
  });
  const labApi = await startLabApi(path.join(dataDir, 'replay-lab-api'));
  const upstream = await startReplayUpstream(labApi);
  cleanups.push(() => upstream.close());
  const { url, cookie } = await startBenchConsole({
    dataDir: path.join(dataDir, 'replay-console'),
    labApi: upstream.url,
    // vite's build() above set NODE_ENV=production in this process; this BFF is plain http.
    env: { NODE_ENV: 'development' },
  });
  const asAdmin = { 'content-type': 'application/json', 'x-lab-console': '1', cookie };
  const invited = await fetch(`${url}/api/admin/accounts`, {
    method: 'POST',
    headers: asAdmin,
    body: JSON.stringify({
      email: 'clinician@bench.test',
      name: 'Bench Clinician',
      role: 'clinician',
    }),
  });
  const token = /token=([^&]+)/.exec((await invited.json()).link ?? '')?.[1];
  if (!token) throw new Error(`inviting the bench clinician failed: ${invited.status}`);
  const password = 'bench-clinician-password';
  const accepted = await fetch(`${url}/api/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lab-console': '1' },
    body: JSON.stringify({ token, password }),
  });
  if (!accepted.ok) throw new Error(`accepting the invitation failed: ${accepted.status}`);
  const context = await browser.newContext({
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(`${url}/sign-in`);
  await page.getByLabel('Email').fill('clinician@bench.test');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  const users = await page.request.get(`${url}/api/lab/v2/user?search=demo-patient-001`, {
    headers: { 'x-lab-console': '1' },
  });
  await page.close();
  return { context, base: url, patientId: (await users.json()).users[0].user_id };
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
  const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(today) - 365 * 86_400_000).toISOString().slice(0, 10);

  const local = { context, base, patientId };

  /** One load of the year in a fresh tab of `target`'s console with the given loading strategy. */
  async function loadYear(strategy, { context, base, patientId } = local) {
    const tab = await context.newPage();
    // Each window's first page (the rest follow its cursor): what the transport floor asks for.
    const windowPaths = [];
    const onRequest = (request) => {
      const url = new URL(request.url());
      if (url.pathname.includes('/timeseries/') && !url.searchParams.has('next_cursor')) {
        windowPaths.push(url.pathname + url.search);
      }
    };
    context.on('request', onRequest);
    await tab.goto(`${base}/orders`);
    await tab.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const cdp = await context.newCDPSession(tab);
    await tab.evaluate((how) => {
      localStorage.setItem('wearables.loading', how);
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longTasks.push(entry);
      }).observe({ type: 'longtask' });
      // The first picture: a curve drawn while the status still says pages are loading.
      // Interactive: the curve of the last page's data is drawn and the main thread is free.
      const observer = new MutationObserver(() => {
        const curve = document.querySelector('.recharts-line-curve[d]');
        const status = [...document.querySelectorAll('[role="status"]')]
          .map((e) => e.textContent)
          .join(' ');
        if (curve && /so far/.test(status) && !window.firstPicture) {
          window.firstPicture = { at: performance.now(), status };
        }
        if (!curve || !/samples loaded/.test(status)) return;
        observer.disconnect();
        requestAnimationFrame(() =>
          setTimeout(() => performance.mark('wearables:chart-interactive'), 0),
        );
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    }, strategy);
    // Client-side navigation keeps the observers (a full load would drop them).
    await tab.evaluate(
      ([id, f, t]) => {
        window.navigationStart = performance.now();
        history.pushState({}, '', `/patients/${id}/wearables?resource=heartrate&from=${f}&to=${t}`);
        dispatchEvent(new PopStateEvent('popstate'));
      },
      [patientId, from, today],
    );
    await tab.waitForFunction(
      () => performance.getEntriesByName('wearables:chart-interactive').length > 0,
      undefined,
      { timeout: 300_000, polling: 100 },
    );
    const figures = await tab.evaluate(() => {
      const start = window.navigationStart;
      const arrived = performance.getEntriesByName('wearables:data-arrived').at(-1);
      const ready = performance.getEntriesByName('wearables:chart-interactive')[0];
      const status = [...document.querySelectorAll('[role="status"]')]
        .map((e) => e.textContent)
        .join(' ');
      const loading = window.longTasks.filter(
        (t) => t.startTime >= start && t.startTime <= ready.startTime,
      );
      return {
        toInteractive: ready.startTime - start,
        arrivalToChart: ready.startTime - arrived.startTime,
        firstPicture: window.firstPicture ? window.firstPicture.at - start : null,
        firstPictureStatus: window.firstPicture?.status ?? '',
        longest: Math.max(0, ...loading.map((t) => t.duration)),
        longTasks: loading.length,
        // The longest few, as start (from navigation) and duration: where to look next.
        worst: loading
          .toSorted((a, b) => b.duration - a.duration)
          .slice(0, 4)
          .map((t) => `${(t.startTime - start).toFixed(0)}+${t.duration.toFixed(0)}`),
        over200: loading.filter((t) => t.duration > 200).length,
        heapBeforeGc: performance.memory?.usedJSHeapSize ?? null,
        status,
      };
    });
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    await cdp.detach();
    context.off('request', onRequest);
    await tab.close();
    return { strategy, ...figures, heapAfterGc: heap.usedSize, windowPaths };
  }

  // The console's load and the transport floor take turns, three rounds, so that a slow
  // minute of the machine falls on both; the first, untimed load warms the Lab API's pages.
  const warm = await loadYear('windows-worker');
  const consoleRuns = [];
  const floorRuns = [];
  for (let round = 0; round < 3; round++) {
    consoleRuns.push(await loadYear('windows-worker'));
    floorRuns.push(
      await loadTransportFloor(context, base, warm.windowPaths, TRANSPORT_CONCURRENCY),
    );
  }
  const medianOf = (values) => values.toSorted((x, y) => x - y)[Math.floor(values.length / 2)];
  const consoleMs = medianOf(consoleRuns.map((r) => r.toInteractive));
  const floorMs = medianOf(floorRuns.map((r) => r.ms));
  const runs = [consoleRuns.toSorted((a, b) => a.toInteractive - b.toInteractive)[1]];
  for (const strategy of STRATEGIES) runs.unshift(await loadYear(strategy));

  // The console's own cost: the same load through a second BFF whose Lab API answers from
  // memory (bench/support/replay-upstream.mjs). The first load fills the memory and is not
  // reported; the second is.
  let replayed = null;
  if (REPLAY) {
    const target = await startReplayConsole(browser);
    await loadYear('windows-worker', target);
    replayed = await loadYear('windows-worker', target);
  }

  // The BFF's compression of the same pages: their addresses first (one cursor chain), then
  // all of them one after another as a browser asks (brotli) and uncompressed, alternating,
  // three rounds each; Node reads the bytes and does not decompress them, so the time is the
  // BFF's and the local Lab API's. On loopback the bytes cost nothing; the CPU does.
  const pagePaths = [];
  {
    let cursor = null;
    do {
      const query = new URLSearchParams({ start_date: from, end_date: today });
      if (cursor) query.set('next_cursor', cursor);
      const pagePath = `/api/lab/v2/timeseries/${patientId}/heartrate/grouped?${query}`;
      pagePaths.push(pagePath);
      const response = await fetch(`${base}${pagePath}`, {
        headers: { 'x-lab-console': '1', cookie },
      });
      cursor = (await response.json()).next_cursor ?? null;
    } while (cursor);
  }
  const getBytes = (pagePath, encoding) =>
    new Promise((resolve, reject) => {
      const request = httpGet(
        `${base}${pagePath}`,
        { headers: { 'x-lab-console': '1', 'accept-encoding': encoding, cookie } },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk) => (bytes += chunk.length));
          response.on('end', () => resolve(bytes));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  const rounds = { br: [], identity: [] };
  const wire = { br: 0, identity: 0 };
  for (let round = 0; round < 3; round++) {
    for (const encoding of ['br', 'identity']) {
      const began = performance.now();
      let bytes = 0;
      for (const pagePath of pagePaths) bytes += await getBytes(pagePath, encoding);
      rounds[encoding].push(performance.now() - began);
      wire[encoding] = bytes;
    }
  }
  const median = (values) => values.toSorted((x, y) => x - y)[Math.floor(values.length / 2)];
  const compression = ['br', 'identity'].map((encoding) => ({
    encoding,
    ms: median(rounds[encoding]),
    all: rounds[encoding],
    pages: pagePaths.length,
    bytes: wire[encoding],
  }));

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

  const MB = (bytes) =>
    bytes === null ? '   n/a' : `${(bytes / 1_048_576).toFixed(0).padStart(4)} MB`;
  const baseline = runs.find((r) => r.strategy === 'sequential-main');
  const ratio = consoleMs / floorMs;
  console.log(
    `year of minute data: navigation → interactive ${consoleMs.toFixed(0)} ms; transport floor ${floorMs.toFixed(0)} ms; ratio ${ratio.toFixed(2)}`,
  );
  console.log(
    `  rounds: console ${consoleRuns.map((r) => r.toInteractive.toFixed(0)).join(', ')} ms; floor ${floorRuns.map((r) => r.ms.toFixed(0)).join(', ')} ms (${floorRuns[0].pages} pages, ${MB(floorRuns[0].bytes)} of JSON); ratio goal ≤ ${RATIO_GOAL} ${ratio <= RATIO_GOAL ? 'ok' : 'OVER'}`,
  );
  const worstOf = (pick) => Math.max(...consoleRuns.map(pick));
  console.log(
    `  over the three rounds: first picture ≤ ${ms(worstOf((r) => r.firstPicture ?? Infinity))} (goal ≤ ${FIRST_PICTURE_GOAL_MS} ms), ` +
      `longest task ≤ ${ms(worstOf((r) => r.longest))} (goal ≤ ${TASK_GOAL_MS} ms), ` +
      `heap ≤ ${MB(worstOf((r) => r.heapBeforeGc ?? r.heapAfterGc))} (goal ≤ ${HEAP_GOAL_MB} MB)`,
  );
  console.log(
    '\nWearables chart: a year of minute heart rate in Chromium (headless, shared machine: noisy)',
  );
  const samples = /([\d,]+) samples loaded from ([\d,]+) page/.exec(runs.at(-1)?.status ?? '');
  console.log(
    `  samples loaded                  ${samples ? `${samples[1]} from ${samples[2]} pages` : runs.at(-1)?.status}`,
  );
  /** One load's figures under its title; `note` follows the navigation figure. */
  const printRun = (title, r, note = '') => {
    console.log(`  ${title}`);
    console.log(`    navigation to interactive chart ${ms(r.toInteractive)}${note}`);
    console.log(
      `    first picture while loading     ${r.firstPicture === null ? '    none' : `${ms(r.firstPicture)}   (${/([\d,]+) pages, ([\d,]+) samples so far/.exec(r.firstPictureStatus)?.[0] ?? ''})`}`,
    );
    console.log(`    last page's arrival to chart    ${ms(r.arrivalToChart)}`);
    console.log(
      `    longest main-thread task        ${ms(r.longest)}   goal ≤ ${TASK_GOAL_MS} ms   ${r.longest <= TASK_GOAL_MS ? 'ok' : 'OVER'}   (${r.longTasks} tasks over 50 ms, ${r.over200} over 200 ms; longest at ${r.worst.join(', ')} ms)`,
    );
    console.log(
      `    JS heap after loading           ${MB(r.heapBeforeGc)}, ${MB(r.heapAfterGc)} after GC   goal ≤ ${HEAP_GOAL_MB} MB   ${(r.heapBeforeGc ?? r.heapAfterGc) <= HEAP_GOAL_MB * 1_048_576 ? 'ok' : 'OVER'}`,
    );
  };
  for (const r of runs) {
    const ratio =
      baseline && r !== baseline
        ? `  (${(baseline.toInteractive / r.toInteractive).toFixed(1)}× faster than sequential)`
        : '';
    printRun(
      `${r.strategy}${r === baseline ? ' (previous strategy, baseline)' : r.strategy === 'windows-worker' ? ' (the console; the median round)' : ''}`,
      r,
      ratio,
    );
  }
  if (replayed) {
    printRun(
      'windows-worker with a Lab API answering from memory (the console alone: BFF and browser)',
      replayed,
    );
  }
  console.log(
    '  the BFF serving the same pages one after another to Node (median of 3, alternating):',
  );
  for (const c of compression) {
    console.log(
      `    accept-encoding ${c.encoding.padEnd(9)} ${ms(c.ms)}   ${c.pages} pages, ${MB(c.bytes)} on the wire   (runs ${c.all.map((v) => v.toFixed(0)).join(', ')} ms)`,
    );
  }
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
