import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNTS_PATH,
  ADMIN_AUDIT_PATH,
  SESSION_END_REASONS,
  adminAccountsResponseSchema,
  auditPageSchema,
  problemSchema,
  type Role,
} from '../contract';
import { addressOf, newWebhookSecret, openLiveStream } from './liveClient';
import { accountEmail, startStack, type Stack } from './stack';

/*
 * Disabling an account, or changing its role, ends its sessions and its live streams at
 * once (the heartbeat, which would also find them, is set to a minute here), and its next
 * call is told why. The audit row of the change says what changed, before and after.
 */

let stack: Stack;
let admin: string;
let baseUrl: string;

beforeAll(async () => {
  stack = await startStack({ webhookSecret: newWebhookSecret(), liveHeartbeatMs: 60_000 });
  await stack.bff.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = addressOf(stack.bff);
  admin = await stack.signIn('admin');
});
afterAll(() => stack.close());

const json = { 'content-type': 'application/json' };

async function idOf(role: Role) {
  const answer = await stack.request(admin, 'GET', ADMIN_ACCOUNTS_PATH);
  const account = adminAccountsResponseSchema
    .parse(answer.json())
    .accounts.find((a) => a.email === accountEmail(role));
  if (!account) throw new Error(`no ${role} account`);
  return account;
}

const change = (id: string, body: unknown) =>
  stack.request(admin, 'PATCH', `${ADMIN_ACCOUNTS_PATH}/${id}`, {
    headers: json,
    body: JSON.stringify(body),
  });

async function changeRows(id: string) {
  const answer = await stack.request(admin, 'GET', `${ADMIN_AUDIT_PATH}?record=${id}`);
  return auditPageSchema
    .parse(answer.json())
    .rows.filter((r) => r.action === `PATCH ${ADMIN_ACCOUNTS_PATH}/:id`)
    .reverse();
}

describe('an admin ends what an account has open', () => {
  it('disabling ends its sessions and live streams at once, and its next call says why', async () => {
    const cookie = await stack.signIn('ops');
    const other = await stack.signIn('ops');
    const stream = await openLiveStream(baseUrl, cookie);
    const account = await idOf('ops');
    expect(account.sessions).toBe(2);

    expect((await change(account.id, { status: 'disabled' })).statusCode).toBe(200);
    await stream.closed;
    expect(stream.sessionEnded).toEqual(['account-disabled']);
    for (const session of [cookie, other]) {
      const next = await stack.request(session, 'GET', '/api/lab/v3/orders');
      expect(next.statusCode).toBe(401);
      expect(next.json()).toMatchObject({ code: 'account-disabled' });
      expect(problemSchema.parse(next.json()).detail).toBe(SESSION_END_REASONS['account-disabled']);
    }
    expect((await idOf('ops')).sessions).toBe(0);
    // A new stream is refused with the same reason.
    await expect(openLiveStream(baseUrl, cookie)).rejects.toThrow(/401.*account-disabled/);

    expect((await changeRows(account.id)).at(-1)?.detail).toEqual({
      changes: { status: { before: 'active', after: 'disabled' } },
    });
    expect((await change(account.id, { status: 'active' })).statusCode).toBe(200);
  });

  it('a role change ends the sessions too, and the row keeps both roles', async () => {
    const cookie = await stack.signIn('clinician');
    const stream = await openLiveStream(baseUrl, cookie);
    const account = await idOf('clinician');

    expect((await change(account.id, { role: 'coordinator' })).statusCode).toBe(200);
    await stream.closed;
    expect(stream.sessionEnded).toEqual(['role-changed']);
    const next = await stack.request(cookie, 'GET', '/api/session');
    expect(next.statusCode).toBe(401);
    expect(next.json()).toMatchObject({ code: 'role-changed' });
    // Signing in again gives a session with the new role.
    const again = await stack.signIn('clinician');
    expect((await stack.request(again, 'GET', '/api/session')).json()).toMatchObject({
      account: { role: 'coordinator' },
    });

    expect((await change(account.id, { name: 'Dr. Renamed' })).statusCode).toBe(200);
    // A new name alone leaves the sessions open.
    expect((await stack.request(again, 'GET', '/api/session')).statusCode).toBe(200);
    expect((await changeRows(account.id)).map((r) => r.detail)).toEqual([
      { changes: { role: { before: 'clinician', after: 'coordinator' } } },
      { changes: { name: { before: 'Test clinician', after: 'Dr. Renamed' } } },
    ]);
  });

  it('leaves the sessions of other accounts alone', async () => {
    const coordinator = await stack.signIn('coordinator');
    const stream = await openLiveStream(baseUrl, coordinator);
    const ops = await idOf('ops');
    expect((await change(ops.id, { status: 'disabled' })).statusCode).toBe(200);
    expect((await stack.request(coordinator, 'GET', '/api/session')).statusCode).toBe(200);
    expect(stream.sessionEnded).toEqual([]);
    stream.close();
  });
});
