// The BFF's proxy cost, in one run on this machine: the local Lab API direct, a bare
// @fastify/reply-from proxy, and the BFF (signed in, role check, audit on), each in its own
// process.
// - Added latency: sequential requests on one kept-alive connection, each timed with
//   process.hrtime (autocannon reports whole milliseconds, too coarse for a sub-millisecond
//   budget). The targets take turns in rounds, so a noisy moment falls on all of them.
// - Throughput: autocannon at 50 connections, the bare proxy and the BFF alternating three
//   times; the median of the three ratios is the figure, since one run on a shared machine
//   swings by a third.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { BENCH_API_KEY, startConsole, startLabApi } from './support/console.mjs';
import { children, serve } from './support/serve.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 400);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-proxy-'));

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Times `count` sequential GETs on one connection; milliseconds per request. */
async function sequential(pool, target, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    const response = await pool.request({
      method: 'GET',
      path: target.path,
      headers: target.headers,
    });
    await response.body.dump();
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.statusCode !== 200) throw new Error(`${target.name}: ${response.statusCode}`);
    times.push(elapsed);
  }
  return times;
}

const throughput = async (target) => {
  const r = await autocannon({
    url: target.origin + target.path,
    connections: 50,
    duration: seconds,
    headers: target.headers,
  });
  if (r.non2xx > 0) throw new Error(`${target.name}: ${r.non2xx} non-2xx answers`);
  return r.requests.average;
};

try {
  const labApi = await startLabApi(dataDir);
  const { url: bare } = await serve(
    'bench/support/bare-proxy.mjs',
    { UPSTREAM: labApi, API_KEY: BENCH_API_KEY, PORT: '0' },
    /(http:\/\/127\.0\.0\.1:\d+)/,
  );
  const { url: bff, cookie } = await startConsole({ dataDir, labApi });
  const page = await (
    await fetch(`${labApi}/v3/orders?size=1`, { headers: { 'x-service-api-key': BENCH_API_KEY } })
  ).json();
  const orderPath = `/v3/order/${page.orders[0].id}`;

  const direct = {
    name: 'Lab API direct',
    origin: labApi,
    path: orderPath,
    headers: { 'x-service-api-key': BENCH_API_KEY },
  };
  const bareProxy = { name: 'bare reply-from', origin: bare, path: orderPath, headers: {} };
  const bffTarget = {
    name: 'BFF (session, role, audit)',
    origin: bff,
    path: `/api/lab${orderPath}`,
    headers: { cookie, 'x-lab-console': '1' },
  };
  const targets = [direct, bareProxy, bffTarget];

  // Latency: one warm-up round, then ROUNDS rounds of PER_ROUND requests per target.
  const pools = new Map(targets.map((t) => [t, new Pool(t.origin, { connections: 1 })]));
  const samples = new Map(targets.map((t) => [t, []]));
  for (let round = 0; round <= ROUNDS; round++) {
    for (const t of targets) {
      const times = await sequential(pools.get(t), t, round === 0 ? 200 : PER_ROUND);
      if (round > 0) samples.get(t).push(...times);
    }
  }
  await Promise.all([...pools.values()].map((p) => p.close()));

  // Throughput: bare and BFF alternate; each pair gives one ratio.
  await throughput(bareProxy);
  await throughput(bffTarget); // warm-up pair, not reported
  const pairs = [];
  for (let i = 0; i < 3; i++) {
    const b = await throughput(bareProxy);
    const c = await throughput(bffTarget);
    pairs.push({ bare: b, console: c, ratio: c / b });
  }

  console.log(
    `Proxy benchmark: GET /v3/order/{id}; ${ROUNDS} × ${PER_ROUND} sequential requests per target on one connection, timed with process.hrtime\n`,
  );
  console.log('target                          p50 ms   p90 ms   p99 ms  mean ms');
  const p50 = new Map();
  for (const t of targets) {
    const sorted = [...samples.get(t)].sort((a, b) => a - b);
    const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
    p50.set(t, percentile(sorted, 0.5));
    console.log(
      `${t.name.padEnd(30)}${[0.5, 0.9, 0.99].map((p) => percentile(sorted, p).toFixed(3).padStart(9)).join('')}${mean.toFixed(3).padStart(9)}`,
    );
  }
  // The budget is the BFF's own cost: what it adds over a proxy that only forwards.
  const overBare = p50.get(bffTarget) - p50.get(bareProxy);
  const overDirect = p50.get(bffTarget) - p50.get(direct);
  console.log(
    `\nBFF added latency at 1 connection, p50: ${overBare.toFixed(3)} ms over the bare proxy (budget ≤ 0.5 ms), ${overDirect.toFixed(3)} ms over the Lab API direct`,
  );
  console.log(`\nThroughput at 50 connections, ${seconds} s per run, alternating:`);
  for (const [i, p] of pairs.entries()) {
    console.log(
      `  run ${i + 1}: bare ${p.bare.toFixed(0)} req/s, BFF ${p.console.toFixed(0)} req/s, ratio ${p.ratio.toFixed(2)}`,
    );
  }
  console.log(
    `BFF / bare proxy throughput, median of 3: ${median(pairs.map((p) => p.ratio)).toFixed(2)} (budget ≥ 0.90)`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
