// The BFF's memory under bursts of lab-report uploads: the resident set of the BFF
// process before, at its peak during, and a while after each of a few bursts of N
// concurrent uploads of just under 10 MB, with the upload bound at its default and, for
// comparison, wide open. Memory that returns to the same level after every burst is
// reused, not leaked. The Lab API is a sink in this process that reads each upload and
// answers a job, so the figures are the BFF's alone. Figures only: no budget is checked.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { children, serve } from './support/serve.mjs';

const uploads = Number(process.env.BENCH_UPLOADS ?? 12);
const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const reportBytes = 10 * 1024 * 1024 - 64 * 1024;
const password = 'bench-password-123';
const patient = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

let jobs = 0;
const sink = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: `bench-${jobs++}`, status: 'started' }));
  });
});
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
const sinkUrl = `http://127.0.0.1:${sink.address().port}`;

const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

// One multipart body, built once and sent N times.
const report = new Uint8Array(reportBytes);
report.set(new TextEncoder().encode('%PDF-1.4\n'));
const form = new FormData();
form.append('user_id', patient);
form.append('needs_human_review', 'false');
form.append('file', new Blob([report], { type: 'application/pdf' }), 'bench.pdf');
const encoded = new Request('http://bench.invalid/', { method: 'POST', body: form });
const contentType = encoded.headers.get('content-type');
const body = new Uint8Array(await encoded.arrayBuffer());

async function burst(concurrency) {
  const { url, child } = await serve(
    'bench/support/upload-bff.ts',
    { UPSTREAM: sinkUrl, UPLOAD_CONCURRENCY: String(concurrency) },
    /at (http:\/\/\S+)/,
    ['--import', 'tsx'],
  );
  try {
    const signIn = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lab-console': '1' },
      body: JSON.stringify({ email: 'bench-ops@example.test', password }),
    });
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
    if (!cookie) throw new Error(`sign-in failed: ${signIn.status}`);

    const rows = [];
    for (let round = 1; round <= rounds; round++) {
      const before = rssMb(child.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid))), 10);
      const statuses = await Promise.all(
        Array.from({ length: uploads }, async () => {
          const response = await fetch(`${url}/api/parsing-jobs`, {
            method: 'POST',
            headers: { cookie, 'x-lab-console': '1', 'content-type': contentType },
            body,
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      clearInterval(sampler);
      await sleep(settleSeconds * 1000);
      const settled = rssMb(child.pid);
      const count = (status) => statuses.filter((s) => s === status).length;
      rows.push({ concurrency, round, before, peak, settled, ok: count(200), refused: count(503) });
    }
    return rows;
  } finally {
    child.kill('SIGTERM');
  }
}

try {
  const rows = [...(await burst(4)), ...(await burst(uploads))];
  console.log(
    `Upload memory: bursts of ${uploads} concurrent uploads of ${(reportBytes / 1048576).toFixed(1)} MB, RSS of the BFF in MB\n`,
  );
  console.log(`bound  burst  accepted  refused   before    peak  after ${settleSeconds} s`);
  for (const r of rows) {
    const figures = [r.before, r.peak, r.settled].map((v) => v.toFixed(0).padStart(7));
    console.log(
      `${String(r.concurrency).padStart(5)} ${String(r.round).padStart(6)} ${String(r.ok).padStart(9)} ${String(r.refused).padStart(8)} ${figures.join(' ')}`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  sink.close();
}
