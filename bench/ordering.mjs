// The local Lab API's ordering writes, one at a time as a form sends them: POST /v3/order
// (new key each), its idempotent replay (same key), and GET /v2/user with a name search.
// Prints the median and 95th percentile of each; the server runs in its own process.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = path.resolve(import.meta.dirname, '..');
const count = Number(process.env.BENCH_ORDERS ?? 300);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ordering-'));
const apiKey = 'sk_bench_key_for_the_local_lab_api';
const headers = { 'x-service-api-key': apiKey, 'content-type': 'application/json' };

const child = spawn(process.execPath, ['dist/server/sandbox.js'], {
  cwd: root,
  env: {
    ...process.env,
    LOG_LEVEL: 'warn',
    SANDBOX_PORT: '4631',
    SANDBOX_API_KEY: apiKey,
    DATA_DIR: dataDir,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (m) resolve(m[1]);
  });
  child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${out}`)));
});

const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))];
async function timed(label, n, call) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const response = await call(i);
    times.push(performance.now() - start);
    if (!response.ok) throw new Error(`${label}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }
  console.log(
    `  ${label.padEnd(34)} n=${String(n).padStart(4)}  median ${quantile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${quantile(times, 0.95).toFixed(1).padStart(6)} ms`,
  );
}

try {
  const get = (p) => fetch(base + p, { headers }).then((r) => r.json());
  const accounts = (await get('/v3/lab_test/lab_account')).data;
  const tests = await get('/v3/lab_tests');
  const users = (await get('/v2/user?limit=10')).users;
  const quest = accounts.find((a) => a.lab === 'quest');
  const walkIn = tests.find((t) => t.method === 'walk_in_test');
  const order = (userId) => ({
    user_id: userId,
    order_set: { lab_test_ids: [walkIn.id] },
    lab_account_id: quest.id,
    patient_details: {
      first_name: 'Bench',
      last_name: 'Patient',
      dob: '1980-01-01',
      gender: 'female',
      phone_number: '+1 512 555 0100',
      email: 'bench@example.com',
    },
    patient_address: {
      first_line: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
    },
    aoe_answers: walkIn.markers.flatMap((m) =>
      (m.aoe?.questions ?? []).map((q) => ({ marker_id: m.id, question_id: q.id, answer: 'Y' })),
    ),
  });
  const post = (body, key) =>
    fetch(`${base}/v3/order`, {
      method: 'POST',
      headers: { ...headers, 'x-idempotency-key': key },
      body: JSON.stringify(body),
    });

  console.log('Ordering on the local Lab API (sequential requests)');
  await timed('POST /v3/order (new key each)', count, (i) =>
    post(order(users[i % users.length].user_id), `bench-${i}`),
  );
  await timed('POST /v3/order (replayed key)', count, (i) =>
    post(order(users[i % users.length].user_id), `bench-${i}`),
  );
  await timed('GET /v2/user?search=bench', count, () =>
    fetch(`${base}/v2/user?search=bench&limit=50`, { headers }),
  );
} finally {
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
