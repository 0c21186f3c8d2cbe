import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DISABLED_CODE,
  ADMIN_ACCOUNTS_PATH,
  ADMIN_AUDIT_PATH,
  LOGIN_FAILED_MESSAGE,
  adminAccountsResponseSchema,
  auditPageSchema,
  problemSchema,
} from '../contract';
import { ACCOUNT_FAILURE_LIMIT } from '../bff/signIn/loginFailures';
import { PASSWORD, accountEmail, startStack, type Stack } from './stack';

/* Sign-in hashes a password per try (deliberately slow): the lockout test makes a dozen. */
const SLOW = 60_000;

/*
 * Sign-ins in the audit trail: every success, failure, lockout and sign-out leaves a row
 * with the e-mail tried, the account when one has it, the client address and the outcome,
 * and one filter of the audit API gives all of them for one account.
 */

let stack: Stack;
let admin: string;

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.signIn('admin');
});
afterAll(() => stack.close());

const json = { 'content-type': 'application/json' };

const signIn = (email: string, password: string, remoteAddress = '203.0.113.7') =>
  stack.request(null, 'POST', '/api/session', {
    headers: json,
    body: JSON.stringify({ email, password }),
    remoteAddress,
  });

async function signInsOf(email: string) {
  const answer = await stack.request(
    admin,
    'GET',
    `${ADMIN_AUDIT_PATH}?sign_ins=${encodeURIComponent(email)}`,
  );
  expect(answer.statusCode).toBe(200);
  return auditPageSchema.parse(answer.json()).rows.reverse();
}

async function lastSignInOf(email: string) {
  const answer = await stack.request(admin, 'GET', ADMIN_ACCOUNTS_PATH);
  const account = adminAccountsResponseSchema
    .parse(answer.json())
    .accounts.find((a) => a.email === email);
  return account?.last_sign_in_at;
}

describe('sign-ins in the audit trail', () => {
  it('records a sign-in, a wrong password and a sign-out, with the address; never the password', async () => {
    const email = accountEmail('ops');
    expect(await lastSignInOf(email)).toBeNull();
    const wrong = await signIn(email, 'not-the-password-123', '198.51.100.4');
    expect(wrong.statusCode).toBe(401);
    const right = await signIn(email, PASSWORD, '198.51.100.5');
    expect(right.statusCode).toBe(200);
    const cookie = `${right.cookies[0]?.name}=${right.cookies[0]?.value}`;
    expect((await stack.request(cookie, 'DELETE', '/api/session')).statusCode).toBe(204);

    const rows = await signInsOf(email);
    expect(
      rows.map((r) => [r.action, r.outcome, r.detail?.reason, r.client_address, r.role]),
    ).toEqual([
      ['POST /api/session', 401, 'wrong-credentials', '198.51.100.4', 'ops'],
      ['POST /api/session', 200, 'signed-in', '198.51.100.5', 'ops'],
      ['DELETE /api/session', 204, 'signed-out', '127.0.0.1', 'ops'],
    ]);
    expect(rows.every((r) => r.account_email === email && r.record_id === email)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('not-the-password-123');
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    // The accounts list shows the sign-in.
    const last = await lastSignInOf(email);
    expect(last).toBe(rows[1]?.at);
  });

  it('records a try for an e-mail no account has, naming no account', async () => {
    const answer = await signIn('Nobody@Stack.test', 'whatever-password-1');
    expect(answer.statusCode).toBe(401);
    const rows = await signInsOf('nobody@stack.test');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      account_email: 'nobody@stack.test',
      role: null,
      outcome: 401,
      client_address: '203.0.113.7',
      detail: { reason: 'wrong-credentials' },
    });
  });

  it(
    'records the lockout of an account tried from many addresses',
    async () => {
      const email = accountEmail('clinician');
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
        expect((await signIn(email, 'guess-number-0000', `192.0.2.${i + 1}`)).statusCode).toBe(401);
      }
      expect((await signIn(email, PASSWORD, '192.0.2.99')).statusCode).toBe(429);
      const rows = await signInsOf(email);
      expect(rows.map((r) => r.detail?.reason)).toEqual([
        ...Array<string>(ACCOUNT_FAILURE_LIMIT).fill('wrong-credentials'),
        'account-locked',
      ]);
      expect(rows.at(-1)).toMatchObject({ outcome: 429, client_address: '192.0.2.99' });
    },
    SLOW,
  );

  it('tells a disabled account it is disabled only after its right password', async () => {
    const email = accountEmail('coordinator');
    const accounts = adminAccountsResponseSchema.parse(
      (await stack.request(admin, 'GET', ADMIN_ACCOUNTS_PATH)).json(),
    ).accounts;
    const id = accounts.find((a) => a.email === email)?.id;
    const disabled = await stack.request(admin, 'PATCH', `${ADMIN_ACCOUNTS_PATH}/${id}`, {
      headers: json,
      body: JSON.stringify({ status: 'disabled' }),
    });
    expect(disabled.statusCode).toBe(200);

    // A wrong password gets what an unknown e-mail gets: nothing tells the account exists.
    const wrong = await signIn(email, 'not-the-password-123');
    const unknown = await signIn('nobody-else@stack.test', 'not-the-password-123');
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
    expect(problemSchema.parse(wrong.json()).detail).toBe(LOGIN_FAILED_MESSAGE);

    const right = await signIn(email, PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: ACCOUNT_DISABLED_CODE });
    expect(problemSchema.parse(right.json()).detail).toMatch(/disabled/);
    expect(right.cookies).toHaveLength(0);
    expect((await signInsOf(email)).map((r) => [r.outcome, r.detail?.reason])).toEqual([
      [401, 'wrong-credentials'],
      [403, 'account-disabled'],
    ]);
  });
});
