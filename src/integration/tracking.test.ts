import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersPageSchema, parseOrderStatus, type Order } from '../contract';
import { labResultsRawSchema } from '../contract/results';
import { listAudit } from '../bff/platform/audit/audit';
import { startStack, type Stack } from './stack';

/* The tracking calls through the BFF in front of the local Lab API: roles, audit, PDFs. */

let stack: Stack;
let coordinator: string;
let clinician: string;
let ops: string;
let orders: Order[];
const json = { 'content-type': 'application/json' };
const low = (o: Order) => parseOrderStatus(o.last_event.status).lowLevel;

function pick(method: string, status: string): Order {
  const index = orders.findIndex((o) => o.lab_test.method === method && low(o) === status);
  if (index < 0) throw new Error(`no ${method} order in ${status}`);
  // Taken out of the pool so no other test acts on the same order.
  return orders.splice(index, 1)[0] as Order;
}

beforeAll(async () => {
  stack = await startStack();
  [coordinator, clinician, ops] = await Promise.all([
    stack.signIn('coordinator'),
    stack.signIn('clinician'),
    stack.signIn('ops'),
  ]);
  const page = await stack.request(coordinator, 'GET', '/api/lab/v3/orders?size=100');
  orders = ordersPageSchema.parse(page.json()).orders;
});
afterAll(() => stack.close());

describe('tracking through the BFF', () => {
  it('lets a coordinator simulate, a clinician read the results, and ops neither', async () => {
    const order = pick('on_site_collection', 'ordered');
    const simulate = `/api/lab/v3/order/${order.id}/test?delay=0`;
    const byOps = await stack.request(ops, 'POST', simulate, { headers: json, body: '{}' });
    expect(byOps.statusCode).toBe(403);

    const byCoordinator = await stack.request(coordinator, 'POST', simulate, {
      headers: json,
      body: JSON.stringify({ interpretation: 'abnormal' }),
    });
    expect(byCoordinator.statusCode).toBe(200);
    expect(byCoordinator.json()).toBe('Success');

    const result = `/api/lab/v3/order/${order.id}/result`;
    expect((await stack.request(ops, 'GET', result)).statusCode).toBe(403);
    const read = await stack.request(clinician, 'GET', result);
    expect(read.statusCode).toBe(200);
    expect(labResultsRawSchema.parse(read.json()).metadata.interpretation).toBe('abnormal');

    const rows = await listAudit(stack.store.db, 1000);
    expect(
      rows.find((r) => r.action === 'GET /v3/order/{order_id}/result' && r.outcome === 200),
    ).toMatchObject({ role: 'clinician', record_type: 'lab_result', record_id: order.id });
    expect(
      rows.some((r) => r.action === 'POST /v3/order/{order_id}/test' && r.outcome === 403),
    ).toBe(true);
  });

  it('streams a result PDF download with its type and name', async () => {
    const order = pick('walk_in_test', 'ordered');
    await stack.request(coordinator, 'POST', `/api/lab/v3/order/${order.id}/test`, {
      headers: json,
      body: '{}',
    });
    const pdf = await stack.request(clinician, 'GET', `/api/lab/v3/order/${order.id}/result/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('passes the cancel refusal through and lets only coordinators cancel', async () => {
    const shipped = pick('testkit', 'transit_customer');
    const refused = await stack.request(
      coordinator,
      'POST',
      `/api/lab/v3/order/${shipped.id}/cancel`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Transition from transit_customer to cancelled is not allowed',
    });
    const fresh = pick('testkit', 'ordered');
    const url = `/api/lab/v3/order/${fresh.id}/cancel`;
    expect((await stack.request(clinician, 'POST', url)).statusCode).toBe(403);
    expect((await stack.request(coordinator, 'POST', url)).statusCode).toBe(200);
  });

  it('lets everyone read the cancellation reasons and only coordinators ask for slots', async () => {
    const reasons = await stack.request(
      ops,
      'GET',
      '/api/lab/v3/order/phlebotomy/appointment/cancellation-reasons',
    );
    expect(reasons.statusCode).toBe(200);
    const availability = '/api/lab/v3/order/phlebotomy/appointment/availability';
    const body = JSON.stringify({
      first_line: '1 W Lincoln St',
      city: 'Phoenix',
      state: 'AZ',
      zip_code: '85004',
    });
    expect(
      (await stack.request(ops, 'POST', availability, { headers: json, body })).statusCode,
    ).toBe(403);
    expect(
      (await stack.request(coordinator, 'POST', availability, { headers: json, body })).statusCode,
    ).toBe(200);
  });
});

describe('against production', () => {
  it('does not offer the simulation at all', async () => {
    const production = await startStack({ upstream: { environment: 'production' } });
    try {
      const cookie = await production.signIn('coordinator');
      const answer = await production.request(
        cookie,
        'POST',
        '/api/lab/v3/order/0c7b1c0e-8f1a-4a53-9d3c-2f0f3b1e6a11/test',
        { headers: json, body: '{}' },
      );
      expect(answer.statusCode).toBe(404);
      expect(production.upstreamCalls.filter((c) => c.includes('/test'))).toHaveLength(0);
    } finally {
      await production.close();
    }
  });
});
