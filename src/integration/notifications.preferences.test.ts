import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersPageSchema, patientDisplayName } from '../contract';
import {
  CRITICAL_RECIPIENTS_PATH,
  DEFAULT_NOTIFICATION_PREFERENCES,
  DIGEST_SEND_PATH,
  NOTIFICATION_PREFERENCES_PATH,
  criticalRecipientsSchema,
  digestSentSchema,
  notificationPreferencesSchema,
} from '../contract/notifications';
import { listAudit } from '../bff/platform/audit/audit';
import { orderedWithPhysician, simulateCritical } from './notificationsClient';
import { startSmtpServer, type TestSmtpServer } from './smtpServer';
import { accountEmail, startStack, type Stack } from './stack';

/* Each account's notification preferences, and the coordinators' daily digest by e-mail. */

let smtp: TestSmtpServer;
let stack: Stack;
let admin: string;
let clinician: string;
let coordinator: string;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({
    notifications: {
      publicUrl: 'https://console.clinic.test',
      mail: { smtpUrl: smtp.url, from: 'Lab console <console@clinic.test>' },
      digestHourUtc: 0,
    },
  });
  [admin, clinician, coordinator] = await Promise.all([
    stack.signIn('admin'),
    stack.signIn('clinician'),
    stack.signIn('coordinator'),
  ]);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const putPreferences = (cookie: string, body: unknown) =>
  stack.request(cookie, 'PUT', NOTIFICATION_PREFERENCES_PATH, {
    headers: json,
    body: JSON.stringify(body),
  });

async function recipientsNow() {
  const answer = await stack.request(admin, 'GET', CRITICAL_RECIPIENTS_PATH);
  expect(answer.statusCode).toBe(200);
  return criticalRecipientsSchema.parse(answer.json());
}

async function sendDigest() {
  const answer = await stack.request(admin, 'POST', DIGEST_SEND_PATH);
  expect(answer.statusCode).toBe(200);
  return digestSentSchema.parse(answer.json());
}

describe('notification preferences', () => {
  it('are each account’s own, and digest-only keeps a clinician off critical notices', async () => {
    const initial = await stack.request(clinician, 'GET', NOTIFICATION_PREFERENCES_PATH);
    expect(notificationPreferencesSchema.parse(initial.json())).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
    expect((await recipientsNow()).first_tier.map((r) => r.email)).toEqual([
      accountEmail('clinician'),
    ]);

    const bad = await putPreferences(clinician, {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      physician_npi: '12',
    });
    expect(bad.statusCode).toBe(400);

    const quiet = await putPreferences(clinician, {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      digest_only: true,
    });
    expect(quiet.statusCode).toBe(200);
    expect(notificationPreferencesSchema.parse(quiet.json()).digest_only).toBe(true);
    // Another account's preferences are untouched.
    const theirs = await stack.request(coordinator, 'GET', NOTIFICATION_PREFERENCES_PATH);
    expect(notificationPreferencesSchema.parse(theirs.json()).digest_only).toBe(false);

    expect((await recipientsNow()).first_tier).toEqual([]);
    const rows = (await listAudit(stack.store.db, 100)).filter(
      (r) => r.record_type === 'notification_preferences',
    );
    expect(
      rows.some((r) => r.account_email === accountEmail('clinician') && r.outcome === 200),
    ).toBe(true);
    expect((await stack.request(clinician, 'GET', CRITICAL_RECIPIENTS_PATH)).statusCode).toBe(403);
  });
});

describe('the daily digest', () => {
  it('mails counts and links to coordinators and digest-only accounts, never a patient', async () => {
    const before = await sendDigest();
    const mails = await smtp.waitFor((m) => m.kind === 'digest', 2);
    expect(mails.map((m) => m.to).sort()).toEqual(
      [accountEmail('clinician'), accountEmail('coordinator')].sort(),
    );
    expect(before.recipients).toBe(2);
    const mail = mails.find((m) => m.to === accountEmail('coordinator'));
    expect(mail?.subject).toBe('Lab console: daily summary');
    expect(mail?.text).toContain(
      `Orders past their expected result date: ${before.counts.overdue_orders} (https://console.clinic.test/orders)`,
    );
    expect(mail?.text).toContain(
      `Abnormal or critical results not yet acknowledged: ${before.counts.unacknowledged_abnormal}`,
    );
    const listed = await stack.request(coordinator, 'GET', '/api/lab/v3/orders?size=100');
    for (const order of ordersPageSchema.parse(listed.json()).orders) {
      expect(mail?.text).not.toContain(patientDisplayName(order.patient_details));
    }

    // A new critical result waits: the next digest counts it.
    const order = await orderedWithPhysician(stack, new Set());
    await simulateCritical(stack, coordinator, order.id);
    const after = await sendDigest();
    expect(after.counts.unacknowledged_abnormal).toBe(before.counts.unacknowledged_abnormal + 1);
  });

  it('goes out once a day whichever replica asks', async () => {
    const digests = () => smtp.received.filter((m) => m.kind === 'digest').length;
    const count = digests();
    expect(await stack.bff.notifications.digest.sendIfDue()).toBe(true);
    expect(await stack.bff.notifications.digest.sendIfDue()).toBe(false);
    await smtp.waitFor((m) => m.kind === 'digest', count + 2);
    expect(digests()).toBe(count + 2);
  });
});
