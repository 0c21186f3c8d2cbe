// Lighthouse 12 (mobile preset, its default) on the built console, signed in as a care
// coordinator: the orders list and the new-order form (budget ≥ 95 performance), and the
// wearables chart page (budget ≥ 90); accessibility 100 on all three.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 4641);
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
const antiForgery = { 'x-lab-console': '1' };

const server = spawn(process.execPath, ['dist/server/start.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let chrome;
try {
  await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      if (/ready at/.test(out)) resolve();
    });
    server.on('exit', (code) => reject(new Error(`console exited with ${code}: ${out}`)));
  });

  const signIn = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...antiForgery },
    body: JSON.stringify({ email: 'coordinator@demo.test', password: 'demo-coordinator' }),
  });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${signIn.status}`);
  const users = await (
    await fetch(`${base}/api/lab/v2/user?search=demo-patient-001`, {
      headers: { cookie, ...antiForgery },
    })
  ).json();
  const patientId = users.users[0].user_id;

  const pages = [
    { name: 'orders list', url: `${base}/orders`, performance: 95 },
    { name: 'new order', url: `${base}/orders/new`, performance: 95 },
    {
      name: 'wearables chart',
      url: `${base}/patients/${patientId}/wearables?resource=lean_body_mass`,
      performance: 90,
    },
  ];

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  console.log('Lighthouse 12, mobile preset, signed in as a care coordinator\n');
  console.log('page               performance  budget   accessibility  budget');
  for (const page of pages) {
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: { Cookie: cookie },
    });
    const { performance, accessibility } = result.lhr.categories;
    const perf = Math.round((performance.score ?? 0) * 100);
    const a11y = Math.round((accessibility.score ?? 0) * 100);
    console.log(
      `${page.name.padEnd(19)}${String(perf).padStart(11)}  ≥ ${page.performance} ${perf >= page.performance ? 'ok  ' : 'LOW '}${String(a11y).padStart(13)}  = 100 ${a11y === 100 ? 'ok' : 'LOW'}`,
    );
    const metric = (id) => result.lhr.audits[id]?.displayValue ?? '?';
    console.log(
      `    FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
    );
    if (a11y < 100) {
      for (const audit of Object.values(result.lhr.audits)) {
        if (
          audit.score === 0 &&
          result.lhr.categories.accessibility.auditRefs.some((r) => r.id === audit.id)
        ) {
          console.log(`    accessibility: ${audit.id}: ${audit.title}`);
        }
      }
    }
  }
} finally {
  await chrome?.kill();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
