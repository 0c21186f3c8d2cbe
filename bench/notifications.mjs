// A critical result to the first e-mail: a signed `labtest.result.critical` webhook POSTed
// to the BFF until the SMTP server has accepted the notice it sends (the ordering
// clinician's, else the clinicians'), p50/p95 over 200 criticals, one at a time. The SMTP
// server (smtp-server) runs in this process, so its clock stops the watch when it has the
// message; the Lab API and the BFF run as `npm start` runs them (dist/server), on SQLite.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { Webhook } from 'svix';
import { BENCH_API_KEY, startConsole, startLabApi } from './support/console.mjs';
import { children } from './support/serve.mjs';

const CRITICALS = Number(process.env.BENCH_CRITICALS ?? 200);
const WARM_UP = 10;
const CLINICIAN = 'bench.clinician@example.test';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-notifications-'));
const secret = `whsec_${randomBytes(24).toString('base64')}`;
const signer = new Webhook(secret);
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** Resolvers waiting for the notice about an order, by order id. */
const waiting = new Map();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const at = performance.now();
        const orderId = /\/results\/([0-9a-f-]{36})/.exec(mail.text ?? '')?.[1];
        if (orderId) waiting.get(orderId)?.(at);
        callback();
      })
      .catch(callback);
  },
});

function criticalDelivery(orderId) {
  const svixId = `msg_${randomUUID()}`;
  const now = new Date();
  const body = JSON.stringify({
    event_type: 'labtest.result.critical',
    team_id: randomUUID(),
    data: {
      order_id: orderId,
      status: 'completed',
      interpretation: 'critical',
      updated_at: now.toISOString(),
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

try {
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = smtp.server.address().port;
  const labApi = await startLabApi(dataDir);
  const { url: bff, cookie } = await startConsole({
    dataDir,
    labApi,
    env: {
      LAB_API_WEBHOOK_SECRET: secret,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Lab console <console@example.test>',
    },
  });
  const api = (method, url, body, session = cookie) =>
    fetch(`${bff}${url}`, {
      method,
      headers: { cookie: session, 'x-lab-console': '1', 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  // A clinician to tell: invited by the admin, who sets a password through the link.
  const invited = await api('POST', '/api/admin/accounts', {
    email: CLINICIAN,
    name: 'Bench Clinician',
    role: 'clinician',
  });
  if (invited.status !== 201) throw new Error(`invitation: ${invited.status}`);
  const token = (await invited.json()).link.split('#token=')[1];
  const accepted = await api('POST', '/api/invitations/accept', {
    token,
    password: 'bench-clinician-password-1',
  });
  if (accepted.status !== 204) throw new Error(`accepting the invitation: ${accepted.status}`);

  // One new order per critical: an order's escalation stays open until acknowledged.
  const lab = (p, init = {}) =>
    fetch(`${labApi}${p}`, {
      ...init,
      headers: { 'x-service-api-key': BENCH_API_KEY, 'content-type': 'application/json' },
    }).then((r) => r.json());
  const accounts = (await lab('/v3/lab_test/lab_account')).data;
  const tests = await lab('/v3/lab_tests');
  const users = (await lab('/v2/user?limit=10')).users;
  const quest = accounts.find((a) => a.lab === 'quest');
  const walkIn = tests.find((t) => t.method === 'walk_in_test');
  const orderIds = [];
  for (let i = 0; i < CRITICALS + WARM_UP; i++) {
    const created = await lab('/v3/order', {
      method: 'POST',
      body: JSON.stringify({
        user_id: users[i % users.length].user_id,
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
          (m.aoe?.questions ?? []).map((q) => ({
            marker_id: m.id,
            question_id: q.id,
            answer: 'Y',
          })),
        ),
      }),
    });
    if (!created.order?.id) throw new Error(`creating an order: ${JSON.stringify(created)}`);
    orderIds.push(created.order.id);
  }

  const latencies = [];
  for (const [i, orderId] of orderIds.entries()) {
    const delivery = criticalDelivery(orderId);
    const mailed = new Promise((resolve) => waiting.set(orderId, resolve));
    const started = performance.now();
    const answer = await fetch(`${bff}/webhooks/lab-api`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    if (answer.status !== 204) throw new Error(`delivery answered ${answer.status}`);
    const at = await Promise.race([
      mailed,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no e-mail about order ${orderId}`)), 20_000),
      ),
    ]);
    waiting.delete(orderId);
    if (i >= WARM_UP) latencies.push(at - started);
  }
  latencies.sort((a, b) => a - b);
  console.log('Notifications benchmark, SQLite store, SMTP server in this process\n');
  console.log(
    `critical webhook → first e-mail accepted by the SMTP server, ${latencies.length} criticals one at a time: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await new Promise((r) => smtp.close(r));
  rmSync(dataDir, { recursive: true, force: true });
}
