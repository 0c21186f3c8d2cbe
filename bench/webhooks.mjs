// Live operations on the PostgreSQL store, in one run on this machine:
// - receipt → browser: a signed webhook POSTed to the BFF until its live event arrives
//   on an open Server-Sent Events stream, p50/p95 over 200 events, one at a time;
// - sustained intake: signed deliveries at 50 connections (a tenth sent twice, as the
//   provider's at-least-once delivery does), events/s answered 2xx, then how many live
//   events were lost or duplicated once the inbox was worked through.
// The BFF runs as `npm start` runs it (dist/server/start.js) in front of the local Lab
// API, on a database of its own in the PostgreSQL at POSTGRES_URL (default: the test one).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Webhook } from 'svix';
import { Pool } from 'undici';
import { startConsole, startLabApi } from './support/console.mjs';
import { children } from './support/serve.mjs';

const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LATENCY_EVENTS = Number(process.env.BENCH_LATENCY_EVENTS ?? 200);
const INTAKE_EVENTS = Number(process.env.BENCH_INTAKE_EVENTS ?? 5000);
const CONNECTIONS = 50;

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-webhooks-'));
const secret = `whsec_${randomBytes(24).toString('base64')}`;
const signer = new Webhook(secret);
const database = `bench_webhooks_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: POSTGRES_URL });

function delivery(orderId, svixId = `msg_${randomUUID()}`) {
  const now = new Date();
  const body = JSON.stringify({
    event_type: 'labtest.order.updated',
    team_id: randomUUID(),
    user_id: randomUUID(),
    data: {
      id: orderId,
      updated_at: now.toISOString(),
      last_event: { id: 1, created_at: now.toISOString(), status: 'received.testkit.ordered' },
    },
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'svix-id': svixId,
      'svix-timestamp': String(Math.floor(now.getTime() / 1000)),
      'svix-signature': signer.sign(svixId, now, body),
    },
  };
}

/** An SSE reader: calls `onEvent` with each live event as it arrives. */
async function openStream(url, cookie, onEvent) {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: abort.signal });
  if (response.status !== 200) throw new Error(`live stream: ${response.status}`);
  (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (data) onEvent(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      // closed at the end of the run
    }
  })();
  return () => abort.abort();
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

try {
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: ${error.message}`);
  }
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/${database}`;

  const labApi = await startLabApi(dataDir);
  const { url: bff, cookie } = await startConsole({
    dataDir,
    labApi,
    env: { DATABASE_URL: databaseUrl.href, LAB_API_WEBHOOK_SECRET: secret },
  });

  const arrivals = new Map();
  const seen = new Map();
  const close = await openStream(`${bff}/api/live`, cookie, (event) => {
    seen.set(event.recordId, (seen.get(event.recordId) ?? 0) + 1);
    arrivals.get(event.recordId)?.(performance.now());
  });
  const pool = new Pool(bff, { connections: CONNECTIONS });
  const post = async (d) => {
    const r = await pool.request({
      method: 'POST',
      path: '/webhooks/lab-api',
      headers: d.headers,
      body: d.body,
    });
    await r.body.dump();
    return r.statusCode;
  };

  // Receipt → browser, one event at a time.
  const latencies = [];
  for (let i = 0; i < LATENCY_EVENTS + 20; i++) {
    const orderId = randomUUID();
    const d = delivery(orderId);
    const arrived = new Promise((resolve) => arrivals.set(orderId, resolve));
    const started = performance.now();
    const status = await post(d);
    if (status !== 204) throw new Error(`delivery answered ${status}`);
    const at = await Promise.race([
      arrived,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('event never arrived')), 10_000),
      ),
    ]);
    arrivals.delete(orderId);
    if (i >= 20) latencies.push(at - started); // the first 20 warm up
  }
  latencies.sort((a, b) => a - b);

  // Sustained intake.
  const orderIds = Array.from({ length: INTAKE_EVENTS }, () => randomUUID());
  const deliveries = orderIds.map((id) => delivery(id));
  const redelivered = deliveries.filter((_, i) => i % 10 === 0);
  const queue = [...deliveries, ...redelivered];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let d = queue.shift(); d; d = queue.shift()) if ((await post(d)) !== 204) failed++;
    }),
  );
  const intakeSeconds = (performance.now() - started) / 1000;
  const sent = deliveries.length + redelivered.length;
  // Processing follows the answers; wait until every event arrived or 60 s of quiet.
  let last = -1;
  let quietSince = performance.now();
  for (;;) {
    const received = orderIds.filter((id) => seen.has(id)).length;
    if (received === orderIds.length) break;
    if (received !== last) {
      last = received;
      quietSince = performance.now();
    } else if (performance.now() - quietSince > 60_000) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const processedSeconds = (performance.now() - started) / 1000;
  const lost = orderIds.filter((id) => !seen.has(id)).length;
  const duplicated = orderIds.reduce((n, id) => n + Math.max(0, (seen.get(id) ?? 0) - 1), 0);
  close();
  await pool.close();

  console.log('Webhooks benchmark, PostgreSQL store\n');
  console.log(
    `receipt → browser (SSE), ${LATENCY_EVENTS} events one at a time: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms (goal p95 ≤ 250 ms)`,
  );
  console.log(
    `intake: ${sent} deliveries (${redelivered.length} redelivered) at ${CONNECTIONS} connections in ${intakeSeconds.toFixed(2)} s = ${(sent / intakeSeconds).toFixed(0)} events/s answered (goal ≥ 500), ${failed} not 2xx`,
  );
  console.log(
    `processed: ${orderIds.length - lost} of ${orderIds.length} distinct events reached the browser in ${processedSeconds.toFixed(2)} s; lost ${lost}, duplicated ${duplicated}`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } catch {
    // nothing was created
  }
  await admin.end().catch(() => undefined);
}
