import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCOUNTS_PATH, invitationLinkSchema } from '../contract';
import { ACCOUNT_MAIL_PATH, accountMailListSchema } from '../contract/notifications';
import { startSmtpServer, type TestSmtpServer } from './smtpServer';
import { startStack, type Stack } from './stack';

/* Invitations and password resets e-mailed through a real SMTP server; the link still answered. */

const CONSOLE = 'https://console.clinic.test';
let smtp: TestSmtpServer;
let stack: Stack;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stack = await startStack({
    notifications: {
      publicUrl: CONSOLE,
      mail: { smtpUrl: smtp.url, from: 'Lab console <console@clinic.test>' },
    },
  });
  admin = await stack.signIn('admin');
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const json = { 'content-type': 'application/json' };

async function invite(email: string) {
  const answer = await stack.request(admin, 'POST', ADMIN_ACCOUNTS_PATH, {
    headers: json,
    body: JSON.stringify({ email, name: 'Dr Jane Holt', role: 'clinician' }),
  });
  expect(answer.statusCode).toBe(201);
  return invitationLinkSchema.parse(answer.json());
}

async function accountMail() {
  const answer = await stack.request(admin, 'GET', ACCOUNT_MAIL_PATH);
  expect(answer.statusCode).toBe(200);
  return accountMailListSchema.parse(answer.json()).accounts;
}

describe('invitations and resets by e-mail', () => {
  it('e-mails the invitation link the admin is also shown', async () => {
    const invited = await invite('jane.holt@clinic.test');
    const [mail] = await smtp.waitFor((m) => m.to === 'jane.holt@clinic.test');
    expect(mail?.subject).toBe('Your lab console account');
    expect(mail?.kind).toBe('invitation');
    expect(mail?.text).toContain(`${CONSOLE}${invited.link}`);
    expect(mail?.html).toContain('Set your password');
    expect(await accountMail()).toContainEqual(
      expect.objectContaining({ account_id: invited.account.id, state: 'sent' }),
    );

    const reset = await stack.request(
      admin,
      'POST',
      `${ADMIN_ACCOUNTS_PATH}/${invited.account.id}/password-link`,
    );
    expect(reset.statusCode).toBe(200);
    const again = invitationLinkSchema.parse(reset.json());
    const mails = await smtp.waitFor((m) => m.to === 'jane.holt@clinic.test', 2);
    expect(mails[1]?.subject).toBe('Set a new password for the lab console');
    expect(mails[1]?.text).toContain(`${CONSOLE}${again.link}`);
    expect(again.link).not.toBe(invited.link);
  });

  it('records a refused send on the account, and still answers the link', async () => {
    smtp.refuse.add('nobody@clinic.test');
    const invited = await invite('nobody@clinic.test');
    expect(invited.link).toMatch(/^\/invitation#token=/);
    const record = (await accountMail()).find((a) => a.account_id === invited.account.id);
    expect(record).toMatchObject({ purpose: 'invitation', state: 'refused' });
    expect(record?.error).toContain('550');
  });

  it('shows the sends to admins only', async () => {
    const clinician = await stack.signIn('clinician');
    expect((await stack.request(clinician, 'GET', ACCOUNT_MAIL_PATH)).statusCode).toBe(403);
  });
});
