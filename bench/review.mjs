// Review figures, in one run on this machine, against the built local Lab API in its own
// process: a page of the unmatched-result queue under autocannon, and lab-report uploads
// (multipart parsed, type sniffed, stored) of a 1-page text PDF and of a 9 MB PDF-headed file.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import PDFDocument from 'pdfkit';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-review-'));
const apiKey = 'sk_bench_key_for_the_local_lab_api';
const headers = { 'x-service-api-key': apiKey };

const child = spawn(process.execPath, ['dist/server/sandbox.js'], {
  cwd: root,
  env: { ...process.env, SANDBOX_PORT: '4621', SANDBOX_API_KEY: apiKey, DATA_DIR: dataDir },
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

const pdf = await new Promise((resolve) => {
  const doc = new PDFDocument();
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  doc.on('end', () => resolve(Buffer.concat(chunks)));
  doc.text('Glucose 92 mg/dL 70-99');
  doc.end();
});
const big = Buffer.alloc(9 * 1024 * 1024);
big.write('%PDF-1.4\n');

async function upload(bytes, times) {
  const orders = await (await fetch(`${base}/v3/orders?size=1`, { headers })).json();
  const userId = orders.orders[0].user_id;
  const started = performance.now();
  for (let i = 0; i < times; i++) {
    const form = new FormData();
    form.append('user_id', userId);
    form.append('file', new Blob([bytes]), 'report.pdf');
    const response = await fetch(`${base}/lab_report/v1/parser/job`, {
      method: 'POST',
      headers,
      body: form,
    });
    if (response.status !== 200) throw new Error(`upload answered ${response.status}`);
    await response.arrayBuffer();
  }
  return (performance.now() - started) / times;
}

try {
  const queue = await autocannon({
    url: `${base}/v3/unmatched_result?limit=50`,
    connections: 10,
    duration: seconds,
    headers,
  });
  console.log(
    `GET /v3/unmatched_result (limit 50), 10 connections: ${Math.round(queue.requests.average)} req/s, p50 ${queue.latency.p50} ms, p99 ${queue.latency.p99} ms`,
  );
  console.log(
    `POST parser job, 1-page text PDF (${pdf.length} B): ${(await upload(pdf, 20)).toFixed(1)} ms each`,
  );
  console.log(`POST parser job, 9 MB file: ${(await upload(big, 5)).toFixed(1)} ms each`);
} finally {
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
