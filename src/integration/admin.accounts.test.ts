import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNTS_PATH,
  INVITATION_ACCEPT_PATH,
  ROLES,
  adminAccountsResponseSchema,
  invitationLinkSchema,
  problemSchema,
  sessionResponseSchema,
  type Role,
} from '../contract';
import { listAudit } from '../bff/platform/audit/audit';
import { accountEmail, startStack, type Stack } from './stack';

const json = { 'content-type': 'application/json' };
let stack: Stack;
let admin: string;

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.signIn('admin');
});
afterAll(() => stack.close());

const call = (
  cookie: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) =>
  stack.request(cookie, method, url, {
    ...(body === undefined ? {} : { headers: json, body: JSON.stringify(body) }),
  });

const signInAs = (email: string, password: string) =>
  call(null, 'POST', '/api/session', { email, password });

const cookieOf = (answer: Awaited<ReturnType<typeof call>>) => {
  const cookie = answer.cookies[0];
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
};

const detail = (answer: Awaited<ReturnType<typeof call>>) =>
  problemSchema.parse(answer.json()).detail;

const tokenOf = (link: string) => new URL(link, 'http://console.test').hash.replace('#token=', '');

async function accounts() {
  const answer = await call(admin, 'GET', ADMIN_ACCOUNTS_PATH);
  expect(answer.statusCode).toBe(200);
  return adminAccountsResponseSchema.parse(answer.json()).accounts;
}

async function invite(email: string, role: Role) {
  const answer = await call(admin, 'POST', ADMIN_ACCOUNTS_PATH, {
    email,
    name: 'Pat Person',
    role,
  });
  expect(answer.statusCode).toBe(201);
  return invitationLinkSchema.parse(answer.json());
}

/** The rows naming one account, oldest first. */
async function trailFor(recordId: string) {
  return (await listAudit(stack.store.db, 1000))
    .filter((row) => row.record_id === recordId)
    .reverse();
}

describe('console accounts for admins', () => {
  it('refuses every account call to the other roles, and audits the refusal', async () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const cookie = await stack.signIn(role);
      expect((await call(cookie, 'GET', ADMIN_ACCOUNTS_PATH)).statusCode).toBe(403);
      const created = await call(cookie, 'POST', ADMIN_ACCOUNTS_PATH, {
        email: `sneaky-${role}@stack.test`,
        name: 'Sneaky',
        role: 'admin',
      });
      expect(created.statusCode).toBe(403);
      const ids = (await accounts()).map((a) => a.email);
      expect(ids).not.toContain(`sneaky-${role}@stack.test`);
      const target = (await accounts()).find((a) => a.email === accountEmail('admin'));
      const patched = await call(cookie, 'PATCH', `${ADMIN_ACCOUNTS_PATH}/${target?.id}`, {
        role: 'ops',
      });
      expect(patched.statusCode).toBe(403);
      const refused = (await listAudit(stack.store.db, 1000)).filter(
        (row) => row.role === role && row.action.includes('/api/admin/accounts'),
      );
      expect(refused.map((r) => r.outcome)).toEqual([403, 403, 403]);
    }
    expect((await call(null, 'GET', ADMIN_ACCOUNTS_PATH)).statusCode).toBe(401);
  });

  it('invites a coordinator who sets a password through the link, once, and signs in', async () => {
    const invitation = await invite('new.coordinator@stack.test', 'coordinator');
    expect(invitation.account.status).toBe('invited');
    expect(invitation.link).toMatch(/^\/invitation#token=/);
    // Before the password is set the account cannot sign in at all.
    expect((await signInAs('new.coordinator@stack.test', '')).statusCode).toBe(401);

    const token = tokenOf(invitation.link);
    const weak = await call(null, 'POST', INVITATION_ACCEPT_PATH, { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(detail(weak)).toBe('Use at least 12 characters.');
    const common = await call(null, 'POST', INVITATION_ACCEPT_PATH, {
      token,
      password: 'Password1234',
    });
    expect(common.statusCode).toBe(400);
    expect(detail(common)).toMatch(/most common/);

    // Length, not composition: a long lower-case phrase is fine.
    const password = 'plum orchard by the river';
    expect((await call(null, 'POST', INVITATION_ACCEPT_PATH, { token, password })).statusCode).toBe(
      204,
    );
    expect(
      (await call(null, 'POST', INVITATION_ACCEPT_PATH, { token, password: 'another long one' }))
        .statusCode,
    ).toBe(410);

    const signedIn = await signInAs('new.coordinator@stack.test', password);
    expect(signedIn.statusCode).toBe(200);
    expect(sessionResponseSchema.parse(signedIn.json()).account.role).toBe('coordinator');
    const listed = (await accounts()).find((a) => a.email === 'new.coordinator@stack.test');
    expect(listed).toMatchObject({ status: 'active', source: 'password', sessions: 1 });

    const trail = await trailFor(invitation.account.id);
    expect(trail.map((r) => [r.action, r.outcome, r.account_email])).toEqual([
      [`POST ${ADMIN_ACCOUNTS_PATH}`, 201, accountEmail('admin')],
      [`POST ${INVITATION_ACCEPT_PATH}`, 204, 'new.coordinator@stack.test'],
    ]);
    // The trail never holds the token or the password.
    const everything = JSON.stringify(await listAudit(stack.store.db, 1000));
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(password);
  });

  it('refuses a second account with the same e-mail', async () => {
    await invite('twice@stack.test', 'ops');
    const again = await call(admin, 'POST', ADMIN_ACCOUNTS_PATH, {
      email: 'Twice@stack.test',
      name: 'Again',
      role: 'ops',
    });
    expect(again.statusCode).toBe(409);
  });

  it('changes a role, disables (ending sessions at once), resets a password, ends sessions', async () => {
    const invitation = await invite('changing@stack.test', 'ops');
    const { id } = invitation.account;
    const first = 'first long password here';
    await call(null, 'POST', INVITATION_ACCEPT_PATH, {
      token: tokenOf(invitation.link),
      password: first,
    });
    const session = cookieOf(await signInAs('changing@stack.test', first));

    const promoted = await call(admin, 'PATCH', `${ADMIN_ACCOUNTS_PATH}/${id}`, {
      role: 'clinician',
    });
    expect(promoted.statusCode).toBe(200);
    // A role change signs the account out: its next call is told why.
    const after = await call(session, 'GET', '/api/session');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'role-changed' });
    const promotedSession = cookieOf(await signInAs('changing@stack.test', first));
    expect(
      sessionResponseSchema.parse((await call(promotedSession, 'GET', '/api/session')).json())
        .account.role,
    ).toBe('clinician');

    const ended = await call(admin, 'DELETE', `${ADMIN_ACCOUNTS_PATH}/${id}/sessions`);
    expect(ended.statusCode).toBe(204);
    const endedAnswer = await call(promotedSession, 'GET', '/api/session');
    expect(endedAnswer.statusCode).toBe(401);
    expect(endedAnswer.json()).toMatchObject({ code: 'sessions-ended' });

    const again = cookieOf(await signInAs('changing@stack.test', first));
    const reset = await call(admin, 'POST', `${ADMIN_ACCOUNTS_PATH}/${id}/password-link`);
    expect(reset.statusCode).toBe(200);
    // The old password and the sessions stop working at once.
    expect((await call(again, 'GET', '/api/session')).statusCode).toBe(401);
    expect((await signInAs('changing@stack.test', first)).statusCode).toBe(401);
    const second = 'second long password here';
    const link = invitationLinkSchema.parse(reset.json()).link;
    await call(null, 'POST', INVITATION_ACCEPT_PATH, { token: tokenOf(link), password: second });
    const third = cookieOf(await signInAs('changing@stack.test', second));

    const disabled = await call(admin, 'PATCH', `${ADMIN_ACCOUNTS_PATH}/${id}`, {
      status: 'disabled',
    });
    expect(disabled.statusCode).toBe(200);
    expect((await call(third, 'GET', '/api/session')).statusCode).toBe(401);
    // The right password learns that the account is disabled (a wrong one would not).
    expect((await signInAs('changing@stack.test', second)).statusCode).toBe(403);
    const enabled = await call(admin, 'PATCH', `${ADMIN_ACCOUNTS_PATH}/${id}`, {
      status: 'active',
    });
    expect(enabled.json()).toMatchObject({ status: 'active' });
    expect((await signInAs('changing@stack.test', second)).statusCode).toBe(200);

    expect((await trailFor(id)).map((r) => [r.action, r.outcome])).toEqual([
      [`POST ${ADMIN_ACCOUNTS_PATH}`, 201],
      [`POST ${INVITATION_ACCEPT_PATH}`, 204],
      [`PATCH ${ADMIN_ACCOUNTS_PATH}/:id`, 200],
      [`DELETE ${ADMIN_ACCOUNTS_PATH}/:id/sessions`, 204],
      [`POST ${ADMIN_ACCOUNTS_PATH}/:id/password-link`, 200],
      [`POST ${INVITATION_ACCEPT_PATH}`, 204],
      [`PATCH ${ADMIN_ACCOUNTS_PATH}/:id`, 200],
      [`PATCH ${ADMIN_ACCOUNTS_PATH}/:id`, 200],
    ]);
  });

  it('keeps the last admin, and an admin cannot take their own admin role', async () => {
    const self = (await accounts()).find((a) => a.email === accountEmail('admin'));
    if (!self) throw new Error('no admin account');
    const demote = await call(admin, 'PATCH', `${ADMIN_ACCOUNTS_PATH}/${self.id}`, { role: 'ops' });
    expect(demote.statusCode).toBe(409);
    expect(detail(demote)).toMatch(/own account/);
    expect(
      (await call(admin, 'PATCH', `${ADMIN_ACCOUNTS_PATH}/${self.id}`, { status: 'disabled' }))
        .statusCode,
    ).toBe(409);

    const invitation = await invite('second.admin@stack.test', 'admin');
    const password = 'second admin passphrase';
    await call(null, 'POST', INVITATION_ACCEPT_PATH, {
      token: tokenOf(invitation.link),
      password,
    });
    const second = cookieOf(await signInAs('second.admin@stack.test', password));
    const secondId = invitation.account.id;
    // Two admins demoting each other at the same moment: one wins, the other finds the
    // winner is now the last admin.
    const [byFirst, bySecond] = await Promise.all([
      call(admin, 'PATCH', `${ADMIN_ACCOUNTS_PATH}/${secondId}`, { role: 'ops' }),
      call(second, 'PATCH', `${ADMIN_ACCOUNTS_PATH}/${self.id}`, { role: 'ops' }),
    ]);
    expect([byFirst.statusCode, bySecond.statusCode].sort()).toEqual([200, 409]);
    const loser = byFirst.statusCode === 409 ? byFirst : bySecond;
    expect(detail(loser)).toMatch(/last active admin/);
    const admins = (await accounts()).filter((a) => a.role === 'admin' && a.status === 'active');
    expect(admins).toHaveLength(1);
    // The remaining admin gives the role back.
    const winner = byFirst.statusCode === 200 ? admin : second;
    const demotedId = byFirst.statusCode === 200 ? secondId : self.id;
    expect(
      (await call(winner, 'PATCH', `${ADMIN_ACCOUNTS_PATH}/${demotedId}`, { role: 'admin' }))
        .statusCode,
    ).toBe(200);
    expect((await accounts()).filter((a) => a.role === 'admin')).toHaveLength(2);
  });
});
