// The BFF's proxy cost, in one run on this machine: the local Lab API direct, a bare
// @fastify/reply-from proxy, and the BFF (signed in, role check, audit on), each under
// autocannon at 50 connections and at 1. Every server runs in its own process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { children, serve } from './support/serve.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-proxy-'));
const apiKey = 'sk_bench_key_for_the_local_lab_api';

const run = (url, connections, headers) =>
  autocannon({ url, connections, duration: seconds, headers, pipelining: 1 });

try {
  const { url: labApi } = await serve(
    'dist/server/sandbox.js',
    { SANDBOX_PORT: '4611', SANDBOX_API_KEY: apiKey, DATA_DIR: dataDir },
    /(http:\/\/127\.0\.0\.1:\d+)/,
  );
  const { url: bare } = await serve(
    'bench/support/bare-proxy.mjs',
    { UPSTREAM: labApi, API_KEY: apiKey, PORT: '4612' },
    /(http:\/\/127\.0\.0\.1:\d+)/,
  );
  const { url: bff } = await serve(
    'dist/server/start.js',
    {
      PORT: '4613',
      DATA_DIR: dataDir,
      LAB_API_BASE_URL: labApi,
      LAB_API_KEY: apiKey,
      CONSOLE_ADMIN_EMAIL: 'bench@example.test',
      CONSOLE_ADMIN_PASSWORD: 'bench-password-123',
    },
    /ready at (http:\/\/\S+)/,
  );

  const signIn = await fetch(`${bff}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lab-console': '1' },
    body: JSON.stringify({ email: 'bench@example.test', password: 'bench-password-123' }),
  });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${signIn.status}`);
  const page = await (
    await fetch(`${labApi}/v3/orders?size=1`, { headers: { 'x-service-api-key': apiKey } })
  ).json();
  const orderPath = `/v3/order/${page.orders[0].id}`;

  const targets = [
    { name: 'Lab API direct', url: labApi + orderPath, headers: { 'x-service-api-key': apiKey } },
    { name: 'bare reply-from', url: bare + orderPath, headers: {} },
    {
      name: 'BFF (session, role, audit)',
      url: `${bff}/api/lab${orderPath}`,
      headers: { cookie, 'x-lab-console': '1' },
    },
  ];
  const results = {};
  for (const connections of [50, 1]) {
    for (const t of targets) {
      await run(t.url, 5, t.headers); // warm-up is not reported
      const r = await run(t.url, connections, t.headers);
      if (r.non2xx > 0) throw new Error(`${t.name}: ${r.non2xx} non-2xx answers`);
      results[`${t.name}@${connections}`] = r;
    }
  }
  console.log(`Proxy benchmark: GET ${'/v3/order/{id}'} for ${seconds} s per run\n`);
  console.log('target                        conns    req/s    p50 ms   p99 ms');
  for (const [key, r] of Object.entries(results)) {
    const [name, conns] = key.split('@');
    console.log(
      `${name.padEnd(30)}${conns.padStart(4)} ${r.requests.average.toFixed(0).padStart(8)} ${r.latency.p50.toFixed(2).padStart(9)} ${r.latency.p99.toFixed(2).padStart(8)}`,
    );
  }
  const ratio =
    results['BFF (session, role, audit)@50'].requests.average /
    results['bare reply-from@50'].requests.average;
  // autocannon's percentiles are whole milliseconds; at one connection the mean is precise.
  const added =
    results['BFF (session, role, audit)@1'].latency.average -
    results['Lab API direct@1'].latency.average;
  const addedP50 =
    results['BFF (session, role, audit)@1'].latency.p50 - results['Lab API direct@1'].latency.p50;
  console.log(
    `\nBFF / bare proxy throughput at 50 connections: ${ratio.toFixed(2)} (budget ≥ 0.90)`,
  );
  console.log(
    `BFF added latency at 1 connection: mean ${added.toFixed(3)} ms, p50 ${addedP50.toFixed(0)} ms (budget p50 ≤ 0.8 ms)`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
