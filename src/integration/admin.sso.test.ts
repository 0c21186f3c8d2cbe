import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNTS_PATH,
  SIGN_IN_OPTIONS_PATH,
  SSO_CALLBACK_PATH,
  SSO_LOGIN_PATH,
  adminAccountsResponseSchema,
  sessionResponseSchema,
  signInOptionsSchema,
} from '../contract';
import { listAudit } from '../bff/platform/audit/audit';
import type { SsoSettings } from '../bff/sso/ssoConfig';
import { startOidcProvider, type LocalProvider, type Person } from './oidcProvider';
import { startStack, type Stack } from './stack';

/*
 * Single sign-on end to end: the BFF (openid-client) against a real OpenID provider
 * (oidc-provider) on a loopback port. A small cookie-keeping "browser" follows the
 * redirects: the provider's over HTTP, the console's through inject.
 */

const CONSOLE = 'http://console.test';
const REDIRECT_URI = `${CONSOLE}${SSO_CALLBACK_PATH}`;

const alice: Person = {
  sub: 'alice-0001',
  email: 'Alice@Hospital.test',
  name: 'Alice Admin',
  groups: ['staff', 'lab-admins'],
};
const casey: Person = {
  sub: 'casey-0002',
  email: 'casey@hospital.test',
  name: 'Casey Care',
  groups: ['care-coordination'],
};
const nora: Person = {
  sub: 'nora-0003',
  email: 'nora@hospital.test',
  name: 'Nora Nobody',
  groups: ['finance'],
};

let provider: LocalProvider;
let stack: Stack;
let settings: SsoSettings;

beforeAll(async () => {
  provider = await startOidcProvider(REDIRECT_URI);
  settings = {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    redirectUri: REDIRECT_URI,
    roleClaim: 'groups',
    roleMap: [
      { value: 'lab-admins', role: 'admin' },
      { value: 'care-coordination', role: 'coordinator' },
    ],
    label: 'Sign in with Hospital ID',
    scopes: 'openid email profile groups',
  };
  stack = await startStack({ sso: settings });
});
afterAll(async () => {
  await stack.close();
  await provider.close();
});

/** A browser's cookie jar, by name (the console and the provider use different names). */
class Browser {
  cookies = new Map<string, string>();
  /** The console callback address the provider sent the browser to, last. */
  callbackUrl: string | null = null;

  constructor(private readonly target: Stack) {}

  private keep(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }

  /** One GET; the console's addresses go to the BFF, the provider's over HTTP. */
  async get(url: string): Promise<{ status: number; location: string | null }> {
    if (url.startsWith(CONSOLE)) {
      const answer = await this.target.bff.inject({
        method: 'GET',
        url: url.slice(CONSOLE.length),
        headers: { cookie: this.header() },
      });
      const setCookie = answer.headers['set-cookie'];
      this.keep(Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []);
      const location = answer.headers.location;
      return {
        status: answer.statusCode,
        location: typeof location === 'string' ? new URL(location, CONSOLE).href : null,
      };
    }
    const answer = await fetch(url, { redirect: 'manual', headers: { cookie: this.header() } });
    this.keep(answer.headers.getSetCookie());
    const location = answer.headers.get('location');
    return { status: answer.status, location: location ? new URL(location, url).href : null };
  }

  /**
   * Follows redirects from `url` until the console answers with one of its pages.
   * `stopAtCallback` hands back the provider's redirect to the console untouched.
   */
  async follow(url: string, options: { stopAtCallback?: boolean } = {}): Promise<string> {
    let next = url;
    for (let hop = 0; hop < 20; hop++) {
      if (next.startsWith(`${CONSOLE}${SSO_CALLBACK_PATH}`)) {
        this.callbackUrl = next;
        if (options.stopAtCallback) return next;
      }
      const { status, location } = await this.get(next);
      if (status < 300 || status >= 400 || !location) return next;
      if (location.startsWith(CONSOLE) && !location.startsWith(`${CONSOLE}/auth/`)) {
        return location;
      }
      next = location;
    }
    throw new Error('too many redirects');
  }

  session() {
    const token = this.cookies.get('lab_session');
    return token ? `lab_session=${token}` : null;
  }
}

async function signInThroughProvider(person: Person, returnTo = '/orders') {
  provider.signInAs(person);
  const browser = new Browser(stack);
  const landed = await browser.follow(
    `${CONSOLE}${SSO_LOGIN_PATH}?return_to=${encodeURIComponent(returnTo)}`,
  );
  return { browser, landed };
}

async function whoAmI(cookie: string | null) {
  const answer = await stack.request(cookie, 'GET', '/api/session');
  return answer.statusCode === 200 ? sessionResponseSchema.parse(answer.json()).account : null;
}

const refusals = () => stack.logs.filter((line) => line.includes('single sign-on refused'));

/** The sign-in rows of single sign-on, newest first, as the admin's filter reads them. */
const ssoRows = async () =>
  (await listAudit(stack.store.db, 1000))
    .filter((r) => r.action === `GET ${SSO_CALLBACK_PATH}`)
    .map((r) => ({
      email: r.account_email,
      record_type: r.record_type,
      outcome: r.outcome,
      detail: r.detail === null ? null : (JSON.parse(r.detail) as unknown),
      address: r.client_address,
    }));

describe('single sign-on with OpenID Connect (code flow, PKCE)', () => {
  it('tells the sign-in page that single sign-on is there, and how to call it', async () => {
    const answer = await stack.request(null, 'GET', SIGN_IN_OPTIONS_PATH);
    expect(answer.statusCode).toBe(200);
    expect(signInOptionsSchema.parse(answer.json())).toEqual({
      sso: { enabled: true, label: 'Sign in with Hospital ID' },
    });
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const browser = new Browser(stack);
    const { status, location } = await browser.get(`${CONSOLE}${SSO_LOGIN_PATH}`);
    expect(status).toBe(303);
    const target = new URL(location ?? '');
    expect(target.origin).toBe(provider.issuer);
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(target.searchParams.get('state')).toBeTruthy();
    expect(target.searchParams.get('nonce')).toBeTruthy();
    expect(target.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(browser.cookies.has('lab_sso_attempt')).toBe(true);
  });

  it('signs a person in with the role their claim maps to, and remembers the account', async () => {
    const { browser, landed } = await signInThroughProvider(alice, '/admin/audit');
    expect(landed).toBe(`${CONSOLE}/admin/audit`);
    const account = await whoAmI(browser.session());
    expect(account).toMatchObject({
      email: 'alice@hospital.test',
      name: 'Alice Admin',
      role: 'admin',
    });

    const again = await signInThroughProvider(alice);
    expect(again.landed).toBe(`${CONSOLE}/orders`);
    expect((await whoAmI(again.browser.session()))?.id).toBe(account?.id);

    const coordinator = await signInThroughProvider(casey);
    expect((await whoAmI(coordinator.browser.session()))?.role).toBe('coordinator');
    // The admin sees both as single sign-on accounts.
    const list = adminAccountsResponseSchema.parse(
      (await stack.request(browser.session(), 'GET', ADMIN_ACCOUNTS_PATH)).json(),
    ).accounts;
    expect(
      list
        .filter((a) => a.source === 'sso')
        .map((a) => a.email)
        .sort(),
    ).toEqual(['alice@hospital.test', 'casey@hospital.test']);
    const trail = await listAudit(stack.store.db, 100);
    expect(trail.filter((r) => r.action === `GET ${SSO_CALLBACK_PATH}`)).toHaveLength(3);
    expect((await ssoRows())[0]).toEqual({
      email: 'casey@hospital.test',
      record_type: 'sign_in',
      outcome: 303,
      detail: { reason: 'sso-signed-in' },
      address: '127.0.0.1',
    });
    // The accounts list shows when each last signed in.
    expect(list.find((a) => a.email === 'alice@hospital.test')?.last_sign_in_at).toEqual(
      expect.stringMatching(/^\d{4}-/),
    );
  });

  it('gives no access, with a clear reason, to a person whose claim maps to no role', async () => {
    const { browser, landed } = await signInThroughProvider(nora);
    expect(landed).toBe(`${CONSOLE}/sign-in?sso=no-role`);
    expect(browser.session()).toBeNull();
    const accounts = await stack.store.db.selectFrom('console_account').select('email').execute();
    expect(accounts.map((a) => a.email)).not.toContain('nora@hospital.test');
    // The trail says who was refused and which claim gave no role.
    expect((await ssoRows())[0]).toMatchObject({
      email: 'nora@hospital.test',
      outcome: 401,
      detail: { reason: 'sso-no-role', missing_claim: 'groups' },
    });
  });

  it('refuses a callback whose state is not the one it sent', async () => {
    provider.signInAs(casey);
    const browser = new Browser(stack);
    const callback = await browser.follow(`${CONSOLE}${SSO_LOGIN_PATH}`, { stopAtCallback: true });
    const forged = new URL(callback);
    expect(forged.searchParams.get('code')).toBeTruthy();
    forged.searchParams.set('state', 'a-state-this-console-never-sent');
    const before = refusals().length;
    const landed = await browser.follow(forged.href);
    expect(landed).toBe(`${CONSOLE}/sign-in?sso=failed`);
    expect(browser.session()).toBeNull();
    expect(refusals().slice(before).join()).toMatch(/state/);
    expect((await ssoRows())[0]).toMatchObject({
      email: null,
      outcome: 401,
      detail: { reason: 'sso-failed' },
    });
  });

  it('refuses a replayed authorization code, by the same browser or with a new attempt', async () => {
    const first = await signInThroughProvider(casey);
    expect(first.browser.session()).not.toBeNull();
    const used = first.browser.callbackUrl;
    if (!used) throw new Error('no callback seen');

    // The same callback again: its attempt was used up.
    const replay = new Browser(stack);
    replay.cookies = new Map(first.browser.cookies);
    replay.cookies.delete('lab_session');
    expect(await replay.follow(used)).toBe(`${CONSOLE}/sign-in?sso=failed`);
    expect(replay.session()).toBeNull();

    // The used code slipped into a fresh attempt (with that attempt's state): the
    // provider refuses a code it already exchanged.
    const attacker = new Browser(stack);
    const { location } = await attacker.get(`${CONSOLE}${SSO_LOGIN_PATH}`);
    const state = new URL(location ?? '').searchParams.get('state') ?? '';
    const code = new URL(used).searchParams.get('code') ?? '';
    const before = refusals().length;
    const landed = await attacker.follow(
      `${REDIRECT_URI}?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(provider.issuer)}`,
    );
    expect(landed).toBe(`${CONSOLE}/sign-in?sso=failed`);
    expect(attacker.session()).toBeNull();
    expect(refusals().slice(before).join()).toMatch(/invalid_grant/);
  });

  it('refuses an expired ID token', async () => {
    // A console whose clock reads two hours past the provider's: every ID token it is
    // given (valid for one hour) has expired by its clock.
    const late = await startStack({ sso: { ...settings, clockSkewSeconds: 2 * 3600 } });
    try {
      provider.signInAs(casey);
      const browser = new Browser(late);
      const landed = await browser.follow(`${CONSOLE}${SSO_LOGIN_PATH}`);
      expect(landed).toBe(`${CONSOLE}/sign-in?sso=failed`);
      expect(browser.session()).toBeNull();
      expect(late.logs.filter((l) => l.includes('single sign-on refused')).join()).toMatch(
        /expiration is past current timestamp/,
      );
    } finally {
      await late.close();
    }
  });

  it('keeps a disabled single sign-on account out, and its role is not changed here', async () => {
    const admin = await signInThroughProvider(alice);
    const cookie = admin.browser.session();
    const list = adminAccountsResponseSchema.parse(
      (await stack.request(cookie, 'GET', ADMIN_ACCOUNTS_PATH)).json(),
    ).accounts;
    const caseyAccount = list.find((a) => a.email === 'casey@hospital.test');
    const json = { 'content-type': 'application/json' };
    const roleChange = await stack.request(
      cookie,
      'PATCH',
      `${ADMIN_ACCOUNTS_PATH}/${caseyAccount?.id}`,
      {
        headers: json,
        body: JSON.stringify({ role: 'ops' }),
      },
    );
    expect(roleChange.statusCode).toBe(409);
    const disabled = await stack.request(
      cookie,
      'PATCH',
      `${ADMIN_ACCOUNTS_PATH}/${caseyAccount?.id}`,
      {
        headers: json,
        body: JSON.stringify({ status: 'disabled' }),
      },
    );
    expect(disabled.statusCode).toBe(200);
    const { landed, browser } = await signInThroughProvider(casey);
    expect(landed).toBe(`${CONSOLE}/sign-in?sso=disabled`);
    expect(browser.session()).toBeNull();
    expect((await ssoRows())[0]).toMatchObject({
      email: 'casey@hospital.test',
      outcome: 403,
      detail: { reason: 'sso-disabled' },
    });
  });

  it('without OIDC_* settings there is no single sign-on', async () => {
    const plain = await startStack();
    try {
      const options = await plain.request(null, 'GET', SIGN_IN_OPTIONS_PATH);
      expect(signInOptionsSchema.parse(options.json()).sso.enabled).toBe(false);
      const login = await plain.bff.inject({ method: 'GET', url: SSO_LOGIN_PATH });
      expect(login.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
