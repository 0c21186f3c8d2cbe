import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersPageSchema, postOrderResponseSchema, userSchema } from '../contract';
import { ensureAccount } from '../bff/platform/accounts/accounts';
import { listAudit } from '../bff/platform/audit/audit';
import { validOrder } from '../sandbox/test/ordering';
import { PASSWORD, startStack, type Stack } from './stack';

/*
 * Idempotency keys are the account's own (IETF draft "The Idempotency-Key HTTP Header
 * Field"): the Lab API sees one team key for everyone, so the BFF must keep one
 * coordinator's key from reaching another coordinator's order.
 */

let stack: Stack;
let first: string;
let second: string;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  stack = await startStack();
  first = await stack.signIn('coordinator');
  await ensureAccount(stack.store.db, {
    email: 'second-coordinator@stack.test',
    name: 'Second coordinator',
    role: 'coordinator',
    password: PASSWORD,
  });
  const signedIn = await stack.request(null, 'POST', '/api/session', {
    headers: json,
    body: JSON.stringify({ email: 'second-coordinator@stack.test', password: PASSWORD }),
  });
  const cookie = signedIn.cookies[0];
  if (!cookie) throw new Error('second coordinator could not sign in');
  second = `${cookie.name}=${cookie.value}`;
});
afterAll(() => stack.close());

async function newPatient(clientUserId: string) {
  const created = await stack.request(first, 'POST', '/api/lab/v2/user', {
    headers: json,
    body: JSON.stringify({ client_user_id: clientUserId }),
  });
  return userSchema.parse(created.json()).user_id;
}

const order = (cookie: string, key: string, body: Record<string, unknown>) =>
  stack.request(cookie, 'POST', '/api/lab/v3/order', {
    headers: { ...json, 'x-idempotency-key': key },
    body: JSON.stringify(body),
  });

const ordersOf = async (userId: string) =>
  ordersPageSchema.parse(
    (await stack.request(first, 'GET', `/api/lab/v3/orders?user_id=${userId}`)).json(),
  ).orders;

/**
 * A loopback proxy in front of a stack's Lab API that holds every order creation a
 * moment, and meanwhile answers a second one with the same key 409, as the real Lab API
 * documents (docs/lab-api-facts.md §13); once answered, repeats go through and the Lab API replays. The local Lab API answers each request in one go, so it never
 * shows that. The proxy starts before the stack it serves and learns its address late.
 */
async function slowOrdersProxy() {
  let labApiUrl = '';
  const inFlight = new Set<string>();
  const answered = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const header = request.headers['x-idempotency-key'];
      const key = typeof header === 'string' && !answered.has(header) ? header : null;
      const creating = request.method === 'POST' && request.url === '/v3/order' && key !== null;
      if (creating) {
        if (inFlight.has(key)) {
          response.writeHead(409, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ detail: 'A request with this key is still running' }));
          return;
        }
        inFlight.add(key);
      }
      setTimeout(
        () => {
          const forwarded = httpRequest(
            `${labApiUrl}${request.url ?? '/'}`,
            { method: request.method, headers: request.headers },
            (answer) => {
              // The Lab API has stored its answer by the time it sends it; repeats replay it.
              if (creating) {
                inFlight.delete(key);
                answered.add(key);
              }
              response.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(response);
            },
          );
          forwarded.end(Buffer.concat(chunks));
        },
        creating ? 300 : 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    target(target: Stack) {
      const address = target.labApi.server.address() as AddressInfo;
      labApiUrl = `http://127.0.0.1:${address.port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('idempotency keys scoped per account', () => {
  it("never gives one account another account's order for the same key", async () => {
    const userA = await newPatient('idem-scope-a');
    const userB = await newPatient('idem-scope-b');
    const mine = await order(first, 'shared-key-1', validOrder({ user_id: userA }));
    expect(mine.statusCode).toBe(200);
    const mineOrder = postOrderResponseSchema.parse(mine.json()).order;
    // The raw key never reaches the Lab API: it sees a key derived from the account.
    const sentUpstream = stack.lastUpstreamHeaders['x-idempotency-key'];
    expect(sentUpstream).not.toBe('shared-key-1');
    expect(sentUpstream).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The second coordinator sends the same key (guessed, or seen on a shared screen).
    const theirs = await order(second, 'shared-key-1', validOrder({ user_id: userB }));
    expect(theirs.statusCode).toBe(200);
    expect(postOrderResponseSchema.parse(theirs.json()).order.user_id).toBe(userB);
    expect(theirs.body).not.toContain(mineOrder.id);
    // Even with the same body, the order made is their own, not a replay of the first.
    const same = await order(second, 'shared-key-2', validOrder({ user_id: userA }));
    const sameAgain = await order(first, 'shared-key-2', validOrder({ user_id: userA }));
    expect(postOrderResponseSchema.parse(same.json()).order.id).not.toBe(
      postOrderResponseSchema.parse(sameAgain.json()).order.id,
    );
  });

  it('refuses a key reused with another body with 422, without calling the Lab API', async () => {
    const user = await newPatient('idem-reuse');
    const other = await newPatient('idem-reuse-other');
    expect((await order(first, 'reuse-key-1', validOrder({ user_id: user }))).statusCode).toBe(200);
    const calls = stack.upstreamCalls.length;
    const reused = await order(first, 'reuse-key-1', validOrder({ user_id: other }));
    expect(reused.statusCode).toBe(422);
    expect(reused.headers['content-type']).toContain('application/problem+json');
    expect(reused.json()).toMatchObject({
      title: 'Idempotency key already used',
      detail: expect.stringContaining('different request') as unknown,
    });
    expect(stack.upstreamCalls.length).toBe(calls);
    const [row] = await listAudit(stack.store.db, 1);
    expect(row).toMatchObject({ action: 'POST /v3/order', outcome: 422 });
    expect(await ordersOf(other)).toHaveLength(0);
  });

  it('makes one order of five concurrent identical submissions, and all five get it', async () => {
    // Each order creation lingers on its way to the Lab API, so the five surely overlap.
    // Without the BFF waiting for the first, four would get the Lab API's 409.
    const slow = await slowOrdersProxy();
    try {
      const viaSlow = await startStack({ upstream: { baseUrl: slow.url } });
      slow.target(viaSlow);
      try {
        const cookie = await viaSlow.signIn('coordinator');
        const created = await viaSlow.request(cookie, 'POST', '/api/lab/v2/user', {
          headers: json,
          body: JSON.stringify({ client_user_id: 'idem-concurrent' }),
        });
        const user = userSchema.parse(created.json()).user_id;
        const answers = await Promise.all(
          Array.from({ length: 5 }, () =>
            viaSlow.request(cookie, 'POST', '/api/lab/v3/order', {
              headers: { ...json, 'x-idempotency-key': 'double-click-key-1' },
              body: JSON.stringify(validOrder({ user_id: user })),
            }),
          ),
        );
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
        const ids = new Set(answers.map((a) => postOrderResponseSchema.parse(a.json()).order.id));
        expect(ids.size).toBe(1);
        const listed = await viaSlow.request(cookie, 'GET', `/api/lab/v3/orders?user_id=${user}`);
        expect(ordersPageSchema.parse(listed.json()).orders.map((o) => o.id)).toEqual([...ids]);
      } finally {
        await viaSlow.close();
      }
    } finally {
      await slow.close();
    }
  });

  it('refuses a key that is not 1 to 255 visible characters', async () => {
    const user = await newPatient('idem-bad-key');
    const calls = stack.upstreamCalls.length;
    const response = await order(first, 'x'.repeat(256), validOrder({ user_id: user }));
    expect(response.statusCode).toBe(400);
    expect(stack.upstreamCalls.length).toBe(calls);
  });

  it('applies keys to POST and PATCH only: a read that carries a used key is answered', async () => {
    const user = await newPatient('idem-read');
    expect((await order(first, 'read-key-1', validOrder({ user_id: user }))).statusCode).toBe(200);
    const read = await stack.request(first, 'GET', `/api/lab/v3/orders?user_id=${user}`, {
      headers: { 'x-idempotency-key': 'read-key-1' },
    });
    expect(read.statusCode).toBe(200);
    expect(ordersPageSchema.parse(read.json()).orders).toHaveLength(1);
    // Nor does the browser's key travel to the Lab API on a read.
    expect(stack.upstreamCalls.at(-1)).toMatch(/^GET \/v3\/orders/);
    expect(stack.lastUpstreamHeaders['x-idempotency-key']).toBeUndefined();
  });
});
