import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ANTI_FORGERY_HEADER,
  LOGIN_FAILED_MESSAGE,
  orderSchema,
  ordersPageSchema,
  sessionResponseSchema,
} from '../contract';
import { listAudit } from '../bff/platform/audit/audit';
import { accountEmail, startStack, type Stack } from './stack';

let stack: Stack;
let coordinator: string;
const seen: { body: string; headers: string }[] = [];

const record = <T extends { body: string; headers: object }>(response: T) => {
  seen.push({ body: response.body, headers: JSON.stringify(response.headers) });
  return response;
};

beforeAll(async () => {
  stack = await startStack();
  coordinator = await stack.signIn('coordinator');
});
afterAll(() => stack.close());
beforeEach(() => {
  stack.upstreamCalls.length = 0;
});

describe('signing in', () => {
  it('answers who is signed in, with the role and upstream', async () => {
    const response = record(await stack.request(coordinator, 'GET', '/api/session'));
    expect(response.statusCode).toBe(200);
    const session = sessionResponseSchema.parse(response.json());
    expect(session.account).toMatchObject({
      email: accountEmail('coordinator'),
      role: 'coordinator',
    });
    expect(session.upstream.environment).toBe('local');
    expect(session.idle_timeout_seconds).toBe(900);
  });

  it('sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const response = await stack.request(null, 'POST', '/api/session', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: accountEmail('ops'), password: 'correct-horse-battery' }),
    });
    const cookie = response.cookies[0];
    expect(cookie).toMatchObject({
      name: 'lab_session',
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
    });
  });

  it('gives one generic message for a wrong password and an unknown e-mail, and 429 on the sixth try', async () => {
    const attempt = (email: string) =>
      stack.request(null, 'POST', '/api/session', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'wrong-password' }),
        remoteAddress: '203.0.113.7',
      });
    const wrongPassword = record(await attempt(accountEmail('admin')));
    const unknownEmail = record(await attempt('nobody@stack.test'));
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toMatchObject({ detail: LOGIN_FAILED_MESSAGE });
    for (let i = 0; i < 3; i++) expect((await attempt(accountEmail('admin'))).statusCode).toBe(401);
    const sixth = record(await attempt(accountEmail('admin')));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['content-type']).toContain('application/problem+json');
    expect(stack.upstreamCalls).toHaveLength(0);
  });

  it('ends the session on sign-out', async () => {
    const cookie = await stack.signIn('ops');
    expect((await stack.request(cookie, 'DELETE', '/api/session')).statusCode).toBe(204);
    expect((await stack.request(cookie, 'GET', '/api/lab/v3/orders')).statusCode).toBe(401);
  });
});

describe('the guard in front of every /api call', () => {
  it('answers 401 problem JSON without a session, and never redirects', async () => {
    const response = record(await stack.request(null, 'GET', '/api/lab/v3/orders'));
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.headers.location).toBeUndefined();
    expect(stack.upstreamCalls).toHaveLength(0);
  });

  it('answers 403 without the anti-forgery header, before the Lab API is called', async () => {
    const response = record(
      await stack.request(coordinator, 'GET', '/api/lab/v3/orders', { antiForgery: false }),
    );
    expect(response.statusCode).toBe(403);
    const login = await stack.request(null, 'POST', '/api/session', {
      antiForgery: false,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: accountEmail('admin'), password: 'correct-horse-battery' }),
    });
    expect(login.statusCode).toBe(403);
    expect(stack.upstreamCalls).toHaveLength(0);
  });

  it('answers 403 to a role the allow-list does not name, and audits the refusal', async () => {
    const clinician = await stack.signIn('clinician');
    const response = record(
      await stack.request(clinician, 'GET', '/api/lab/v3/lab_test/lab_account'),
    );
    expect(response.statusCode).toBe(403);
    expect(stack.upstreamCalls).toHaveLength(0);
    const orders = await stack.request(clinician, 'GET', '/api/lab/v3/orders?size=1');
    expect(orders.statusCode).toBe(200);
  });

  it.each([
    ['GET', '/api/lab/v2/team/svix/url'],
    ['DELETE', '/api/lab/v3/orders'],
    ['GET', '/api/lab/v3/order/..%2F..%2Fv2%2Fuser'],
    ['GET', '/api/lab/v3/orders/../../v2/team/svix/url'],
    ['GET', '/api/nothing-here'],
  ] as const)('answers 404 to %s %s without calling the Lab API', async (method, url) => {
    const response = record(await stack.request(coordinator, method, url));
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(stack.upstreamCalls).toHaveLength(0);
  });

  it('refuses malformed JSON (400) and a wrong content type (415) before the Lab API', async () => {
    const malformed = record(
      await stack.request(coordinator, 'POST', '/api/lab/v3/orders', {
        headers: { 'content-type': 'application/json' },
        body: '{"user_id": ',
      }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      status: 400,
      detail: 'The request body is not valid JSON.',
    });
    const wrongType = record(
      await stack.request(coordinator, 'POST', '/api/lab/v3/orders', {
        headers: { 'content-type': 'text/plain' },
        body: 'hello',
      }),
    );
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.headers['content-type']).toContain('application/problem+json');
    expect(stack.upstreamCalls).toHaveLength(0);
  });
});

describe('the proxy', () => {
  it('forwards an allow-listed call with the key and answers the Lab API’s body', async () => {
    const response = record(
      await stack.request(coordinator, 'GET', '/api/lab/v3/orders?size=5&page=2'),
    );
    expect(response.statusCode).toBe(200);
    const page = ordersPageSchema.parse(response.json());
    expect(page.orders).toHaveLength(5);
    expect(page.page).toBe(2);
    expect(stack.upstreamCalls).toEqual(['GET /v3/orders?size=5&page=2']);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('writes one audit row per patient-data call, with no patient values in it', async () => {
    const list = record(await stack.request(coordinator, 'GET', '/api/lab/v3/orders?size=1'));
    const order = orderSchema.parse(ordersPageSchema.parse(list.json()).orders[0]);
    const before = (await listAudit(stack.store.db, 1000)).length;
    record(await stack.request(coordinator, 'GET', `/api/lab/v3/order/${order.id}`));
    record(await stack.request(coordinator, 'GET', '/api/lab/v3/lab_tests'));
    const rows = await listAudit(stack.store.db, 1000);
    expect(rows.length).toBe(before + 1);
    expect(rows[0]).toMatchObject({
      account_email: accountEmail('coordinator'),
      role: 'coordinator',
      action: 'GET /v3/order/{order_id}',
      record_type: 'order',
      record_id: order.id,
      outcome: 200,
    });
    const trail = JSON.stringify(rows);
    const patient = order.patient_details;
    expect(patient).not.toBeNull();
    for (const value of [patient?.first_name, patient?.last_name, patient?.dob, patient?.email]) {
      if (value) expect(trail).not.toContain(value);
    }
  });

  it('filters headers both ways: no browser cookie upstream, no upstream cookie back', async () => {
    const response = record(
      await stack.request(coordinator, 'GET', '/api/lab/v3/lab_tests', {
        headers: { authorization: 'Bearer browser-token', 'x-forwarded-host': 'evil.test' },
      }),
    );
    expect(response.statusCode).toBe(200);
    const upstream = stack.lastUpstreamHeaders;
    expect(upstream['x-service-api-key']).toBe(stack.apiKey);
    expect(upstream.cookie).toBeUndefined();
    expect(upstream.authorization).toBeUndefined();
    expect(upstream['x-forwarded-host']).toBeUndefined();
    expect(upstream[ANTI_FORGERY_HEADER]).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['x-upstream-internal']).toBeUndefined();
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('passes the Lab API’s 404 for an unknown order through', async () => {
    const response = record(
      await stack.request(
        coordinator,
        'GET',
        '/api/lab/v3/order/00000000-0000-4000-8000-000000000000',
      ),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('detail');
  });

  it('sets the security headers of the design', async () => {
    const response = await stack.request(null, 'GET', '/healthz');
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect((await stack.request(null, 'GET', '/readyz')).json()).toEqual({ status: 'ready' });
  });
});

describe('secrets and patient data', () => {
  it('never shows the key in a response or a log line, nor patient names in the log', async () => {
    const list = await stack.request(coordinator, 'GET', '/api/lab/v3/orders?size=3');
    const orders = ordersPageSchema.parse(list.json()).orders;
    const name = orders[0]?.patient_details?.last_name ?? '';
    record(
      await stack.request(
        coordinator,
        'GET',
        `/api/lab/v3/orders?search_input=${encodeURIComponent(name)}`,
      ),
    );
    expect(seen.length).toBeGreaterThan(10);
    for (const response of seen) {
      expect(response.body).not.toContain(stack.apiKey);
      expect(response.headers).not.toContain(stack.apiKey);
    }
    const log = stack.logs.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(stack.apiKey);
    expect(name.length).toBeGreaterThan(1);
    expect(log).not.toContain(name);
  });
});

describe('when the Lab API fails', () => {
  let silent: Server;
  let silentPort = 0;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Accepts connections and never answers: a Lab API that hangs.
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    silentPort = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        silent.close(() => resolve());
        // The hanging connections the BFF left open would keep the server alive.
        for (const socket of sockets) socket.destroy();
      }),
  );

  it('answers 504 problem JSON on a timeout', async () => {
    const hanging = await startStack({
      upstream: { baseUrl: `http://127.0.0.1:${silentPort}`, timeoutMs: 300 },
    });
    try {
      const cookie = await hanging.signIn('coordinator');
      const response = await hanging.request(cookie, 'GET', '/api/lab/v3/orders');
      expect(response.statusCode).toBe(504);
      expect(response.json()).toMatchObject({ status: 504, title: 'Lab API timed out' });
    } finally {
      await hanging.close();
    }
  });

  it('answers 502 problem JSON when the Lab API cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await startStack({ upstream: { baseUrl: `http://127.0.0.1:${port}` } });
    try {
      const cookie = await down.signIn('coordinator');
      const response = await down.request(cookie, 'GET', '/api/lab/v3/orders');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ status: 502, title: 'Lab API unreachable' });
      expect(response.body).not.toContain(down.apiKey);
    } finally {
      await down.close();
    }
  });
});
