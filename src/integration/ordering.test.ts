import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ordersPageSchema, postOrderResponseSchema, userSchema } from '../contract';
import { listAudit } from '../bff/platform/audit/audit';
import { validOrder } from '../sandbox/test/ordering';
import { startStack, type Stack } from './stack';

let stack: Stack;
let coordinator: string;

beforeAll(async () => {
  stack = await startStack();
  coordinator = await stack.signIn('coordinator');
});
afterAll(() => stack.close());
beforeEach(() => {
  stack.upstreamCalls.length = 0;
});

const json = { 'content-type': 'application/json' };

describe('ordering through the BFF', () => {
  it('refuses writes to ops and clinicians without calling the Lab API', async () => {
    for (const role of ['ops', 'clinician'] as const) {
      const cookie = await stack.signIn(role);
      for (const [method, url] of [
        ['POST', '/api/lab/v3/order'],
        ['POST', '/api/lab/v3/order/testkit'],
        ['POST', '/api/lab/v2/user'],
      ] as const) {
        const response = await stack.request(cookie, method, url, {
          headers: json,
          body: JSON.stringify(validOrder()),
        });
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      // Reading patients is allowed to every role.
      expect((await stack.request(cookie, 'GET', '/api/lab/v2/user?limit=1')).statusCode).toBe(200);
    }
    expect(stack.upstreamCalls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('creates a patient and an order for them, audited', async () => {
    const before = (await listAudit(stack.store.db, 1000)).length;
    const created = await stack.request(coordinator, 'POST', '/api/lab/v2/user', {
      headers: json,
      body: JSON.stringify({ client_user_id: 'bff-walk-in-1' }),
    });
    expect(created.statusCode).toBe(200);
    const user = userSchema.parse(created.json());
    const ordered = await stack.request(coordinator, 'POST', '/api/lab/v3/order', {
      headers: json,
      body: JSON.stringify(validOrder({ user_id: user.user_id })),
    });
    expect(ordered.statusCode).toBe(200);
    const { order } = postOrderResponseSchema.parse(ordered.json());
    expect(order.user_id).toBe(user.user_id);
    const rows = await listAudit(stack.store.db, 1000);
    expect(rows.length).toBe(before + 2);
    expect(rows[0]).toMatchObject({ action: 'POST /v3/order', record_type: 'order' });
    expect(rows[1]).toMatchObject({ action: 'POST /v2/user', record_type: 'patient' });
  });

  it('passes a 422 through with its field locations', async () => {
    const response = await stack.request(coordinator, 'POST', '/api/lab/v3/order', {
      headers: json,
      body: JSON.stringify(validOrder({ clinical_notes: 'x'.repeat(1001) })),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ detail: [{ loc: ['body', 'clinical_notes'] }] });
  });

  it('a retried submission with the same idempotency key creates one order', async () => {
    const user = userSchema.parse(
      (
        await stack.request(coordinator, 'POST', '/api/lab/v2/user', {
          headers: json,
          body: JSON.stringify({ client_user_id: 'bff-retry-1' }),
        })
      ).json(),
    );
    const submit = () =>
      stack.request(coordinator, 'POST', '/api/lab/v3/order', {
        headers: { ...json, 'x-idempotency-key': 'bff-retry-key-1' },
        body: JSON.stringify(validOrder({ user_id: user.user_id })),
      });
    const first = await submit();
    const second = await submit();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    // The Lab API sees the account's own key, derived from the browser's, never the raw one.
    expect(stack.lastUpstreamHeaders['x-idempotency-key']).not.toBe('bff-retry-key-1');
    const listed = await stack.request(
      coordinator,
      'GET',
      `/api/lab/v3/orders?user_id=${user.user_id}`,
    );
    expect(ordersPageSchema.parse(listed.json()).total).toBe(1);
  });
});
