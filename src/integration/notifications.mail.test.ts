import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_OUTBOX_PATH, mailOutboxSchema } from '../contract/notifications';
import { listAudit } from '../bff/platform/audit/audit';
import { criticalNotice } from '../bff/notifications/messages';
import { startSmtpServer, type TestSmtpServer } from './smtpServer';
import { startStack, type Stack } from './stack';

/* Mail through a real SMTP server in the test process, and the local outbox without one. */

const ORDER_ID = '0b0f8a52-77b4-4f4a-9f43-2a6f4cf0d2a1';

describe('mail through SMTP', () => {
  let smtp: TestSmtpServer;
  let stack: Stack;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    stack = await startStack({
      notifications: {
        publicUrl: 'https://console.clinic.test',
        mail: { smtpUrl: smtp.url, from: 'Lab console <console@clinic.test>' },
      },
    });
  });
  afterAll(async () => {
    await stack.close();
    await smtp.close();
  });

  it('sends plain text and HTML from MAIL_FROM, with a link into the console', async () => {
    const receipt = await stack.bff.notifications.mailer.send(
      criticalNotice({
        to: 'dr.marsh@clinic.test',
        publicUrl: 'https://console.clinic.test',
        orderId: ORDER_ID,
        tier: 1,
        waitedMinutes: 0,
      }),
    );
    expect(receipt.accepted).toBe(true);
    const [mail] = await smtp.waitFor((m) => m.to === 'dr.marsh@clinic.test');
    expect(mail?.from).toBe('"Lab console" <console@clinic.test>');
    expect(mail?.subject).toBe('A critical lab result awaits acknowledgement');
    expect(mail?.kind).toBe('critical_result');
    const link = `https://console.clinic.test/results/${ORDER_ID}`;
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.messageId).toMatch(/@console\.clinic\.test>$/);
  });

  it('reports a recipient the server refuses, with its answer', async () => {
    smtp.refuse.add('gone@clinic.test');
    const receipt = await stack.bff.notifications.mailer.send(
      criticalNotice({
        to: 'gone@clinic.test',
        publicUrl: 'https://console.clinic.test',
        orderId: ORDER_ID,
        tier: 1,
        waitedMinutes: 0,
      }),
    );
    expect(receipt.accepted).toBe(false);
    expect(receipt.accepted ? '' : receipt.error).toContain('550');
    expect(smtp.received.some((m) => m.to === 'gone@clinic.test')).toBe(false);
  });

  it('keeps the outbox empty and says mail leaves through SMTP', async () => {
    const admin = await stack.signIn('admin');
    const answer = await stack.request(admin, 'GET', MAIL_OUTBOX_PATH);
    expect(mailOutboxSchema.parse(answer.json())).toEqual({ transport: 'smtp', messages: [] });
  });
});

describe('the local outbox, without SMTP_URL', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('keeps each message where admins read it, and only admins', async () => {
    const receipt = await stack.bff.notifications.mailer.send(
      criticalNotice({
        to: 'clinician@stack.test',
        publicUrl: 'http://localhost',
        orderId: ORDER_ID,
        tier: 1,
        waitedMinutes: 0,
      }),
    );
    expect(receipt.accepted).toBe(true);

    const admin = await stack.signIn('admin');
    const answer = await stack.request(admin, 'GET', MAIL_OUTBOX_PATH);
    expect(answer.statusCode).toBe(200);
    const outbox = mailOutboxSchema.parse(answer.json());
    expect(outbox.transport).toBe('outbox');
    expect(outbox.messages).toHaveLength(1);
    const [message] = outbox.messages;
    expect(message).toMatchObject({
      kind: 'critical_result',
      to: 'clinician@stack.test',
      subject: 'A critical lab result awaits acknowledgement',
    });
    expect(message?.text).toContain(`http://localhost/results/${ORDER_ID}`);
    expect(message?.html).toContain(`http://localhost/results/${ORDER_ID}`);

    const clinician = await stack.signIn('clinician');
    expect((await stack.request(clinician, 'GET', MAIL_OUTBOX_PATH)).statusCode).toBe(403);

    const rows = await listAudit(stack.store.db, 50);
    expect(rows.filter((r) => r.record_type === 'mail_outbox').map((r) => r.outcome)).toEqual(
      expect.arrayContaining([200, 403]),
    );
  });
});
