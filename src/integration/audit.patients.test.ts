import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_AUDIT_PATH,
  auditPageSchema,
  postOrderResponseSchema,
  userSchema,
} from '../contract';
import { verifyAuditChain } from '../bff/platform/audit/auditChain';
import { validOrder } from '../sandbox/test/ordering';
import { startStack, type Stack } from './stack';

/*
 * "Who reached patient X's data last week" in one query: every audit row of a call that
 * touched a patient names the patient (the Lab API user id), also when the call names
 * only an order, whose patient the BFF learnt from an answer it passed on.
 */

let stack: Stack;
let admin: string;
let coordinator: string;
let clinician: string;
const json = { 'content-type': 'application/json' };
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.signIn('admin');
  coordinator = await stack.signIn('coordinator');
  clinician = await stack.signIn('clinician');
});
afterAll(() => stack.close());

async function newPatientWithOrder(clientUserId: string) {
  const created = await stack.request(coordinator, 'POST', '/api/lab/v2/user', {
    headers: json,
    body: JSON.stringify({ client_user_id: clientUserId }),
  });
  const userId = userSchema.parse(created.json()).user_id;
  const ordered = await stack.request(coordinator, 'POST', '/api/lab/v3/order', {
    headers: { ...json, 'x-idempotency-key': `order-${clientUserId}` },
    body: JSON.stringify(validOrder({ user_id: userId })),
  });
  expect(ordered.statusCode).toBe(200);
  const orderId = postOrderResponseSchema.parse(ordered.json()).order.id;
  const simulated = await stack.request(
    coordinator,
    'POST',
    `/api/lab/v3/order/${orderId}/test?delay=0`,
    { headers: json, body: '{}' },
  );
  expect(simulated.statusCode).toBeLessThan(300);
  return { userId, orderId };
}

async function accessesTo(patient: string, extra = '') {
  const answer = await stack.request(
    admin,
    'GET',
    `${ADMIN_AUDIT_PATH}?patient=${patient}${extra}&limit=200`,
  );
  expect(answer.statusCode).toBe(200);
  return auditPageSchema.parse(answer.json()).rows.reverse();
}

describe('every access to a patient, in one query', () => {
  it('names the patient on reads and writes that name only the order', async () => {
    const x = await newPatientWithOrder('patient-x-audit');
    const y = await newPatientWithOrder('patient-y-audit');

    stack.upstreamCalls.length = 0;
    for (const path of [
      `/api/lab/v3/order/${x.orderId}`,
      `/api/lab/v3/order/${x.orderId}/result`,
      `/api/lab/v3/order/${x.orderId}/result/pdf`,
      `/api/lab/v2/user/${x.userId}/info/latest`,
      `/api/lab/v2/timeseries/${x.userId}/lean_body_mass/grouped?start_date=${daysAgo(20)}&end_date=${daysAgo(11)}`,
      `/api/lab/v3/order/${y.orderId}/result`,
    ]) {
      await stack.request(clinician, 'GET', path);
    }
    // The orders' patients were known from the answers passed on: no extra Lab API call.
    expect(stack.upstreamCalls.filter((c) => c === `GET /v3/order/${x.orderId}`)).toHaveLength(1);

    const rows = await accessesTo(
      x.userId,
      `&from=${new Date(Date.now() - 7 * 86_400_000).toISOString()}`,
    );
    expect(rows.map((r) => [r.role, r.action])).toEqual([
      ['coordinator', 'POST /v2/user'],
      ['coordinator', 'POST /v3/order'],
      ['coordinator', 'POST /v3/order/{order_id}/test'],
      ['clinician', 'GET /v3/order/{order_id}'],
      ['clinician', 'GET /v3/order/{order_id}/result'],
      ['clinician', 'GET /v3/order/{order_id}/result/pdf'],
      ['clinician', 'GET /v2/user/{user_id}/info/latest'],
      ['clinician', 'GET /v2/timeseries/{user_id}/{resource}/grouped'],
    ]);
    expect(rows.every((r) => r.patient_id === x.userId)).toBe(true);
    // The other patient's reads are not in the answer, and have their own.
    expect((await accessesTo(y.userId)).map((r) => r.action)).toContain(
      'GET /v3/order/{order_id}/result',
    );
  });

  it('asks the Lab API for an order it never saw, once, and names its patient', async () => {
    const z = await newPatientWithOrder('patient-z-audit');
    // As if the order had been made elsewhere (another console, the team's own system).
    await stack.store.db.deleteFrom('order_patient').where('order_id', '=', z.orderId).execute();
    stack.upstreamCalls.length = 0;
    await stack.request(clinician, 'GET', `/api/lab/v3/order/${z.orderId}/result/pdf`);
    await stack.request(clinician, 'GET', `/api/lab/v3/order/${z.orderId}/result`);
    expect(stack.upstreamCalls).toEqual([
      `GET /v3/order/${z.orderId}/result/pdf`,
      `GET /v3/order/${z.orderId}`,
      `GET /v3/order/${z.orderId}/result`,
    ]);
    const rows = await accessesTo(z.userId);
    expect(rows.slice(-2).map((r) => r.action)).toEqual([
      'GET /v3/order/{order_id}/result/pdf',
      'GET /v3/order/{order_id}/result',
    ]);
  });

  it('names the patient of a refused call when the call names it', async () => {
    const ops = await stack.signIn('ops');
    const x = await newPatientWithOrder('patient-refused-audit');
    const refused = await stack.request(
      ops,
      'GET',
      `/api/lab/v2/timeseries/${x.userId}/lean_body_mass/grouped?start_date=${daysAgo(20)}&end_date=${daysAgo(11)}`,
    );
    expect(refused.statusCode).toBe(403);
    expect((await accessesTo(x.userId)).at(-1)).toMatchObject({ role: 'ops', outcome: 403 });
  });

  it('keeps the chain intact', async () => {
    expect(await verifyAuditChain(stack.store.db)).toMatchObject({ ok: true });
  });
});
