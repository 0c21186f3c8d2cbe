// The orders list at 10,000 orders: server time of a list page from the local Lab API
// alone and through the BFF, and the browser's time to render the first page.
// Goal: ≤ 50 ms server time per page. Each server runs in its own process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { chromium } from '@playwright/test';
import { children, serve } from './support/serve.mjs';

const TARGET = Number(process.env.BENCH_ORDERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-orders-'));
const apiKey = 'sk_bench_key_for_the_local_lab_api';

const stop = (child) =>
  new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });

/**
 * Grows the seeded store to TARGET orders by copying the seeded ones with new ids and
 * earlier creation times (events copied too), straight in SQLite while no server runs.
 */
function grow(file) {
  const db = new Database(file);
  const seeded = db.prepare('SELECT count(*) AS n FROM lab_order').get().n;
  const copyOrders = db.prepare(`
    INSERT INTO lab_order
    SELECT printf('%08x', @k) || substr(id, 9), team_id, user_id, lab_test_id, method,
      low_level_status, last_status, last_status_created_at,
      strftime('%Y-%m-%dT%H:%M:%fZ', created_at, printf('-%d minutes', @k)), updated_at,
      interpretation, is_critical, activate_by, patient_first_name, patient_last_name,
      patient_dob, shipping_recipient_name, NULL, origin, parent_id, sample_id,
      json_set(document, '$.id', printf('%08x', @k) || substr(id, 9),
        '$.created_at', strftime('%Y-%m-%dT%H:%M:%fZ', created_at, printf('-%d minutes', @k)))
    FROM lab_order WHERE rowid <= @max`);
  const copyEvents = db.prepare(`
    INSERT INTO order_event (order_id, created_at, status, status_detail)
    SELECT printf('%08x', @k) || substr(e.order_id, 9), e.created_at, e.status, e.status_detail
    FROM order_event e JOIN lab_order o ON o.id = e.order_id
    WHERE o.rowid <= @max ORDER BY e.id`);
  // Rowids of the seeded orders are 1..seeded; the last copy takes only as many as needed.
  db.transaction(() => {
    let missing = TARGET - seeded;
    for (let k = 1; missing > 0; k++) {
      const max = Math.min(seeded, missing);
      copyOrders.run({ k, max });
      copyEvents.run({ k, max });
      missing -= max;
    }
  })();
  db.exec('ANALYZE');
  const total = db.prepare('SELECT count(*) AS n FROM lab_order').get().n;
  db.close();
  return total;
}

async function time(url, headers) {
  // Warm-up, not reported.
  for (let i = 0; i < 3; i++) await (await fetch(url, { headers })).arrayBuffer();
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    samples.push(performance.now() - start);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(RUNS / 2)], p95: samples[Math.floor(RUNS * 0.95)] };
}

const VIEWS = [
  ['first page (newest, 50)', '/v3/orders?page=1&size=50'],
  ['page 100 of 200', '/v3/orders?page=100&size=50'],
  ['status=ordered & order_type=testkit', '/v3/orders?status=ordered&order_type=testkit&size=50'],
  [
    'open statuses, oldest first (overdue scan)',
    `/v3/orders?${['ordered', 'requisition_created', 'transit_customer', 'with_customer', 'transit_lab', 'delivered_to_lab', 'appointment_scheduled', 'draw_completed'].map((s) => `status=${s}`).join('&')}&order_key=created_at&order_direction=asc&size=100`,
  ],
  ['is_critical=true', '/v3/orders?is_critical=true&size=50'],
  ['search_input=Kettleby', '/v3/orders?search_input=Kettleby&size=50'],
  ['sort by patient name', '/v3/orders?order_key=patient_name&order_direction=asc&size=50'],
];

try {
  const sandboxEnv = { SANDBOX_PORT: '4421', SANDBOX_API_KEY: apiKey, DATA_DIR: dataDir };
  const first = await serve('dist/server/sandbox.js', sandboxEnv, /(http:\/\/127\.0\.0\.1:\d+)/);
  await stop(first.child);
  const total = grow(path.join(dataDir, 'sandbox.sqlite'));

  const labApi = (await serve('dist/server/sandbox.js', sandboxEnv, /(http:\/\/127\.0\.0\.1:\d+)/))
    .url;
  const bff = (
    await serve(
      'dist/server/start.js',
      {
        PORT: '4422',
        DATA_DIR: dataDir,
        LAB_API_BASE_URL: labApi,
        LAB_API_KEY: apiKey,
        CONSOLE_ADMIN_EMAIL: 'bench@example.test',
        CONSOLE_ADMIN_PASSWORD: 'bench-password-123',
      },
      /ready at (http:\/\/\S+)/,
    )
  ).url;
  const signIn = await fetch(`${bff}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lab-console': '1' },
    body: JSON.stringify({ email: 'bench@example.test', password: 'bench-password-123' }),
  });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${signIn.status}`);

  console.log(`Orders list benchmark: ${total} orders, ${RUNS} requests per view (ms)\n`);
  console.log(
    `${'view'.padEnd(46)} ${'API p50'.padStart(8)} ${'API p95'.padStart(8)} ${'BFF p50'.padStart(8)} ${'BFF p95'.padStart(8)}`,
  );
  let worst = 0;
  for (const [name, query] of VIEWS) {
    const direct = await time(labApi + query, { 'x-service-api-key': apiKey });
    const proxied = await time(`${bff}/api/lab${query}`, { cookie, 'x-lab-console': '1' });
    worst = Math.max(worst, direct.p50, proxied.p50);
    console.log(
      `${name.padEnd(46)} ${direct.p50.toFixed(1).padStart(8)} ${direct.p95.toFixed(1).padStart(8)} ${proxied.p50.toFixed(1).padStart(8)} ${proxied.p95.toFixed(1).padStart(8)}`,
    );
  }
  console.log(
    `\nSlowest p50: ${worst.toFixed(1)} ms (goal ≤ 50 ms per page): ${worst <= 50 ? 'ok' : 'OVER'}`,
  );

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${bff}/sign-in`);
    await page.getByLabel('Email').fill('bench@example.test');
    await page.getByLabel('Password').fill('bench-password-123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('table').getByRole('caption').waitFor();
    const renders = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${bff}/orders?page=${i + 2}`);
      await page
        .getByRole('table')
        .getByRole('caption')
        .filter({ hasText: `of ${total.toLocaleString('en-US')}` })
        .waitFor();
      renders.push(await page.evaluate(() => performance.now()));
    }
    renders.sort((a, b) => a - b);
    console.log(
      `Browser: load /orders to the first page rendered, median of 5: ${renders[2].toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
