import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientDisplayName } from '../contract';
import {
  CRITICAL_RECIPIENTS_PATH,
  ESCALATION_POLICIES_PATH,
  criticalRecipientsSchema,
  escalationPoliciesSchema,
} from '../contract/notifications';
import { listAudit } from '../bff/platform/audit/audit';
import { ensureAccount } from '../bff/platform/accounts/accounts';
import { newWebhookSecret } from './liveClient';
import {
  acknowledge,
  notificationsOf,
  orderedWithPhysician,
  resultLinkOf,
  setNpi,
  simulateCritical,
  testClock,
} from './notificationsClient';
import { startSmtpServer, type TestSmtpServer } from './smtpServer';
import { accountEmail, PASSWORD, startStack, type Stack } from './stack';

/*
 * A critical result through the whole chain on SQLite, against a real SMTP server: the
 * local Lab API's webhook → the inbox → the first notice → no acknowledgement → the
 * last tier → the acknowledgement stops it. The job's clock is moved, not waited for.
 */

const ON_CALL = 'oncall@clinic.test';
const clock = testClock();
let smtp: TestSmtpServer;
let stack: Stack;
let coordinator: string;
let clinician: string;
const used = new Set<string>();

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({
    webhookSecret: newWebhookSecret(),
    deliverWebhooks: { retryScale: 0.001 },
    notifications: {
      publicUrl: 'https://console.clinic.test',
      mail: { smtpUrl: smtp.url, from: 'Lab console <console@clinic.test>' },
      escalation: { nextTierMinutes: 30, lastTier: [ON_CALL], intervalMs: 3_600_000 },
      notificationsClock: clock.now,
    },
  });
  // A second clinician: a critical of an order naming nobody's NPI reaches both.
  await ensureAccount(stack.store.db, {
    email: 'dr.second@stack.test',
    name: 'Dr Second',
    role: 'clinician',
    password: PASSWORD,
  });
  [coordinator, clinician] = await Promise.all([
    stack.signIn('coordinator'),
    stack.signIn('clinician'),
  ]);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const job = () => stack.bff.notifications.escalation;
const mailsAbout = (orderId: string) =>
  smtp.received.filter((m) => m.text.includes(resultLinkOf(orderId)));

describe('escalation of a critical result', () => {
  it('tells the ordering clinician, escalates to the last tier, and stops at the acknowledgement', async () => {
    const order = await orderedWithPhysician(stack, used);
    used.add(order.id);
    await setNpi(stack, clinician, order.physician?.npi ?? '');

    await simulateCritical(stack, coordinator, order.id);
    // The webhook opens the escalation and starts its first pass at once.
    const [first] = await smtp.waitFor((m) => m.text.includes(resultLinkOf(order.id)));
    expect(first?.to).toBe(accountEmail('clinician'));
    expect(first?.subject).toBe('A critical lab result awaits acknowledgement');
    await job().idle();

    // Nothing a patient could be recognised by, nor the test, in either body.
    const patient = patientDisplayName(order.patient_details);
    for (const body of [first?.text ?? '', first?.html ?? '']) {
      expect(body).not.toContain(patient);
      expect(body).not.toContain(order.lab_test.name);
    }

    let timeline = await notificationsOf(stack, clinician, order.id);
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({ state: 'open', tier: 1 });
    expect(timeline[0]?.notices).toEqual([
      expect.objectContaining({ tier: 1, recipient: accountEmail('clinician'), state: 'sent' }),
    ]);

    // Before the team's minutes are up, nothing more is sent.
    clock.advanceMinutes(29);
    expect(await job().runOnce()).toMatchObject({ ran: true, sent: 0 });
    clock.advanceMinutes(2);
    expect(await job().runOnce()).toMatchObject({ ran: true, sent: 1 });
    const [escalated] = await smtp.waitFor((m) => m.to === ON_CALL);
    expect(escalated?.subject).toBe('Escalation: a critical lab result is still not acknowledged');
    expect(escalated?.text).toContain(`https://console.clinic.test${resultLinkOf(order.id)}`);
    // The last tier was told: further passes wait for the acknowledgement.
    clock.advanceMinutes(120);
    expect(await job().runOnce()).toMatchObject({ sent: 0 });

    await acknowledge(stack, clinician, order.id);
    expect(await job().runOnce()).toMatchObject({ stopped: 1, sent: 0 });
    clock.advanceMinutes(120);
    expect(await job().runOnce()).toMatchObject({ sent: 0, stopped: 0 });
    expect(mailsAbout(order.id).map((m) => m.to)).toEqual([accountEmail('clinician'), ON_CALL]);

    timeline = await notificationsOf(stack, clinician, order.id);
    expect(timeline[0]).toMatchObject({
      state: 'stopped',
      tier: 2,
      stop_reason: 'acknowledged',
      stopped_by: accountEmail('clinician'),
    });
    expect(timeline[0]?.notices.map((n) => [n.tier, n.recipient, n.state])).toEqual([
      [1, accountEmail('clinician'), 'sent'],
      [2, ON_CALL, 'sent'],
    ]);

    // Every notice sent, and the stop, is in the audit trail under the order.
    const rows = (await listAudit(stack.store.db, 500)).filter((r) => r.record_id === order.id);
    const actions = rows.map((r) => r.action);
    expect(actions).toContain(
      `critical-result notice sent to ${accountEmail('clinician')} (tier 1)`,
    );
    expect(actions).toContain(`critical-result notice sent to ${ON_CALL} (tier 2)`);
    expect(actions).toContain(
      `critical-result escalation stopped: acknowledged by ${accountEmail('clinician')} (after tier 2)`,
    );
  });

  it('tells every clinician when the order names no account’s physician, and records a refused send', async () => {
    await setNpi(stack, clinician, '0000000000');
    smtp.refuse.add('dr.second@stack.test');
    const order = await orderedWithPhysician(stack, used);
    used.add(order.id);

    await simulateCritical(stack, coordinator, order.id);
    await smtp.waitFor((m) => m.text.includes(resultLinkOf(order.id)));
    await job().idle();
    await job().runOnce();

    const [escalation] = await notificationsOf(stack, clinician, order.id);
    expect(escalation?.notices.map((n) => [n.recipient, n.state])).toEqual([
      [accountEmail('clinician'), 'sent'],
      ['dr.second@stack.test', 'failed'],
    ]);
    expect(escalation?.notices[1]?.error).toContain('550');
    const failed = (await listAudit(stack.store.db, 200)).find(
      (r) => r.record_id === order.id && r.outcome === 502,
    );
    expect(failed?.action).toContain('critical-result notice to dr.second@stack.test failed');

    await acknowledge(stack, clinician, order.id);
    await job().runOnce();
    expect((await notificationsOf(stack, clinician, order.id))[0]?.state).toBe('stopped');
  });

  it('follows the policy an admin set for the order’s team, and shows who would be told', async () => {
    const admin = await stack.signIn('admin');
    const order = await orderedWithPhysician(stack, used);
    used.add(order.id);
    const policy = { next_tier_minutes: 5, last_tier: ['Director@Clinic.test'] };
    const put = (cookie: string) =>
      stack.request(cookie, 'PUT', `${ESCALATION_POLICIES_PATH}/${order.team_id}`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(policy),
      });
    expect((await put(clinician)).statusCode).toBe(403);
    const saved = await put(admin);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      team_id: order.team_id,
      next_tier_minutes: 5,
      last_tier: ['director@clinic.test'],
      saved: true,
    });
    const policies = escalationPoliciesSchema.parse(
      (await stack.request(admin, 'GET', ESCALATION_POLICIES_PATH)).json(),
    ).policies;
    expect(policies.map((p) => p.team_id)).toEqual(['default', order.team_id]);

    const who = await stack.request(
      admin,
      'GET',
      `${CRITICAL_RECIPIENTS_PATH}?team_id=${order.team_id}`,
    );
    expect(criticalRecipientsSchema.parse(who.json())).toEqual({
      team_id: order.team_id,
      first_tier_rule: 'clinicians',
      first_tier: [
        { email: accountEmail('clinician'), name: 'Test clinician' },
        { email: 'dr.second@stack.test', name: 'Dr Second' },
      ],
      next_tier_minutes: 5,
      last_tier: [{ email: 'director@clinic.test', name: null }],
    });

    await simulateCritical(stack, coordinator, order.id);
    await smtp.waitFor((m) => m.text.includes(resultLinkOf(order.id)));
    await job().idle();
    clock.advanceMinutes(6);
    await job().runOnce();
    const [director] = await smtp.waitFor((m) => m.to === 'director@clinic.test');
    expect(director?.text).toContain(resultLinkOf(order.id));
    const audited = (await listAudit(stack.store.db, 300)).find(
      (r) =>
        r.record_type === 'escalation_policy' && r.record_id === order.team_id && r.outcome === 200,
    );
    expect(audited?.account_email).toBe(accountEmail('admin'));
  });

  it('shows a result’s notices to those who read results, not to ops', async () => {
    const ops = await stack.signIn('ops');
    const answer = await stack.request(
      ops,
      'GET',
      `/api/results/notifications?order_id=${[...used][0] ?? ''}`,
    );
    expect(answer.statusCode).toBe(403);
  });
});
