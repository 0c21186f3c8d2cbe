import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersPageSchema, postOrderResponseSchema, userSchema } from '../contract';
import { ensureAccount } from '../bff/store/accounts';
import { listAudit } from '../bff/store/audit';
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
    const user = await newPatient('idem-concurrent');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        order(first, 'double-click-key-1', validOrder({ user_id: user })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => postOrderResponseSchema.parse(a.json()).order.id));
    expect(ids.size).toBe(1);
    expect((await ordersOf(user)).map((o) => o.id)).toEqual([...ids]);
  });

  it('refuses a key that is not 1 to 255 visible characters', async () => {
    const user = await newPatient('idem-bad-key');
    const calls = stack.upstreamCalls.length;
    const response = await order(first, 'x'.repeat(256), validOrder({ user_id: user }));
    expect(response.statusCode).toBe(400);
    expect(stack.upstreamCalls.length).toBe(calls);
  });
});
