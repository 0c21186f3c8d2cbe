import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, orderSchema } from '../contract';
import { buildTestApp, get, NOW } from './test/helper';
import { ADULT, MINOR, account, byMethod, locs, post, validOrder } from './test/ordering';

let app: FastifyInstance;
let clock = NOW;

beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
});
afterAll(() => app.close());

async function orderCount(): Promise<number> {
  const { body } = await get(app, '/v3/orders?size=1');
  return (body as { total: number }).total;
}

describe('POST /v3/order', () => {
  it('creates a walk-in order with its first events and an initial transaction', async () => {
    const before = await orderCount();
    const { status, body } = await post(app, '/v3/order', validOrder());
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.message).toBe('Order created successfully');
    const order = orderSchema.parse(body.order);
    expect(order.user_id).toBe(ADULT?.id);
    expect(order.events.map((e) => e.status)).toEqual([
      'received.walk_in_test.ordered',
      'received.walk_in_test.requisition_created',
    ]);
    expect(order.order_transaction?.orders).toEqual([
      expect.objectContaining({ id: order.id, origin: 'initial', parent_id: null }),
    ]);
    expect(order.patient_details?.dob).toBe('1988-09-09T00:00:00+00:00');
    expect(await orderCount()).toBe(before + 1);
    const { status: read, body: again } = await get(app, `/v3/order/${order.id}`);
    expect(read).toBe(200);
    expect(orderSchema.parse(again)).toEqual(order);
  });

  it('answers the same at the alias /v3/order/create', async () => {
    const { status, body } = await post(app, '/v3/order/create', validOrder());
    expect(status).toBe(200);
    expect(orderSchema.parse(body.order).origin).toBe('initial');
  });

  it('a scheduled order stays ordered until its activate_by', async () => {
    const { body } = await post(app, '/v3/order', validOrder({ activate_by: '2026-03-20' }));
    const order = orderSchema.parse(body.order);
    expect(order.events.map((e) => e.status)).toEqual(['received.walk_in_test.ordered']);
    expect(order.activate_by).toBe('2026-03-20');
  });

  it('concatenates the account default notes with the order notes', async () => {
    const { status, body } = await post(
      app,
      '/v3/order',
      validOrder({
        order_set: { lab_test_ids: [byMethod('at_home_phlebotomy').id] },
        collection_method: 'at_home_phlebotomy',
        lab_account_id: account('labcorp').id,
        physician: { first_name: 'Helena', last_name: 'Marsh', npi: '1234567893' },
        clinical_notes: 'Draw before noon.',
        aoe_answers: [{ marker_id: 203, question_id: 9203, answer: 'Y' }],
      }),
    );
    expect(status).toBe(200);
    expect(orderSchema.parse(body.order).clinical_notes).toBe(
      'Please call the clinic for any critical value.\nDraw before noon.',
    );
  });

  it('refuses schema rules with the form messages at the field (422, nothing created)', async () => {
    const before = await orderCount();
    const base = validOrder();
    const { status, body } = await post(app, '/v3/order', {
      ...base,
      patient_details: {
        ...(base.patient_details as object),
        first_name: 'A'.repeat(51),
        dob: MINOR?.dob,
      },
      patient_address: { ...(base.patient_address as object), zip: '7870' },
      clinical_notes: 'x'.repeat(1001),
    });
    expect(status).toBe(422);
    expect(locs(body)).toMatchObject({
      'patient_details.first_name': MESSAGES.nameLength,
      'patient_details.medical_proxy': MESSAGES.medicalProxyRequired,
      'patient_address.zip': MESSAGES.zip,
      clinical_notes: MESSAGES.clinicalNotesTooLong(1),
    });
    expect(await orderCount()).toBe(before);
  });

  it('a missing required field reads type missing', async () => {
    const { status, body } = await post(app, '/v3/order', { ...validOrder(), user_id: undefined });
    expect(status).toBe(422);
    expect((body.detail as unknown[])[0]).toMatchObject({
      loc: ['body', 'user_id'],
      type: 'missing',
    });
  });

  it('a delegated account needs a physician', async () => {
    const { status, body } = await post(
      app,
      '/v3/order',
      validOrder({
        order_set: { lab_test_ids: [byMethod('at_home_phlebotomy').id] },
        collection_method: 'at_home_phlebotomy',
        lab_account_id: account('labcorp').id,
        aoe_answers: [{ marker_id: 203, question_id: 9203, answer: 'Y' }],
      }),
    );
    expect(status).toBe(422);
    expect(locs(body)).toEqual({ physician: MESSAGES.physicianRequired });
  });

  it('resolves the lab account as the facts say', async () => {
    const omitted = await post(app, '/v3/order', validOrder({ lab_account_id: undefined }));
    expect(locs(omitted.body)).toEqual({ lab_account_id: MESSAGES.labAccountAmbiguous });
    const pending = await post(
      app,
      '/v3/order',
      validOrder({ lab_account_id: account('bioreference').id }),
    );
    expect(locs(pending.body)).toEqual({ lab_account_id: MESSAGES.labAccountNotActive });
    const unknown = await post(
      app,
      '/v3/order',
      validOrder({ lab_account_id: '4b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10' }),
    );
    expect(locs(unknown.body)).toEqual({ lab_account_id: MESSAGES.labAccountNotFound });
  });

  it('checks the tests against the account, the method and each other', async () => {
    const wrongLab = await post(
      app,
      '/v3/order',
      validOrder({
        lab_account_id: account('labcorp').id,
        physician: { first_name: 'Helena', last_name: 'Marsh', npi: '1234567893' },
      }),
    );
    expect(locs(wrongLab.body)).toEqual({
      'order_set.lab_test_ids': MESSAGES.labAccountLabMismatch,
    });
    const wrongMethod = await post(app, '/v3/order', validOrder({ collection_method: 'testkit' }));
    expect(locs(wrongMethod.body)).toEqual({
      collection_method: MESSAGES.collectionMethodMismatch('walk_in_test'),
    });
    const twoLabs = await post(
      app,
      '/v3/order',
      validOrder({
        order_set: {
          lab_test_ids: [byMethod('walk_in_test').id, byMethod('at_home_phlebotomy').id],
        },
      }),
    );
    expect((twoLabs.body.detail as { msg: string }[]).map((d) => d.msg)).toContain(
      MESSAGES.sameLab,
    );
    const unknownTest = await post(
      app,
      '/v3/order',
      validOrder({ order_set: { lab_test_ids: ['4b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10'] } }),
    );
    expect(locs(unknownTest.body)).toEqual({
      'order_set.lab_test_ids.0': MESSAGES.labTestNotFound,
    });
  });

  it('enforces required ask-on-order-entry answers and offered choices', async () => {
    const missing = await post(app, '/v3/order', validOrder({ aoe_answers: [] }));
    expect(missing.status).toBe(422);
    expect(locs(missing.body)).toEqual({
      aoe_answers: MESSAGES.aoeRequired('Has the patient been fasting for at least 8 hours?'),
    });
    const wrong = await post(
      app,
      '/v3/order',
      validOrder({
        aoe_answers: [
          { marker_id: 101, question_id: 9101, answer: 'Maybe' },
          { marker_id: 103, question_id: 9103, answer: 'No' },
        ],
      }),
    );
    expect(locs(wrong.body)).toEqual({ 'aoe_answers.0.answer': MESSAGES.aoeAnswerNotOffered });
  });

  it('orders add-on markers as one order of a generated lab test', async () => {
    const { status, body } = await post(
      app,
      '/v3/order',
      validOrder({
        order_set: { add_on: { marker_ids: [102, 104] } },
        aoe_answers: [],
      }),
    );
    expect(status).toBe(200);
    const order = orderSchema.parse(body.order);
    expect(order.lab_test.markers?.map((m) => m.id)).toEqual([102, 104]);
    expect(order.lab_test.auto_generated).toBe(true);
    const noMethod = await post(
      app,
      '/v3/order',
      validOrder({ order_set: { add_on: { marker_ids: [102] } }, collection_method: undefined }),
    );
    expect(locs(noMethod.body)).toMatchObject({
      collection_method: MESSAGES.addOnNeedsCollectionMethod,
    });
  });

  it('an unknown or deleted user is 404', async () => {
    const { status, body } = await post(
      app,
      '/v3/order',
      validOrder({ user_id: '4b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10' }),
    );
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'The user does not or no longer exists in this team' });
  });
});

describe('POST /v3/order idempotency (docs/lab-api-facts.md §13)', () => {
  const key = (name: string) => ({ 'x-idempotency-key': `test-${name}-${Math.random()}` });

  it('a repeat returns the first answer and creates nothing', async () => {
    const headers = key('repeat');
    const before = await orderCount();
    const first = await post(app, '/v3/order', validOrder(), headers);
    const second = await post(app, '/v3/order', validOrder(), headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await orderCount()).toBe(before + 1);
  });

  it('stores nothing on a validation failure', async () => {
    const headers = key('invalid');
    const before = await orderCount();
    const bad = await post(
      app,
      '/v3/order',
      validOrder({ clinical_notes: 'x'.repeat(1001) }),
      headers,
    );
    expect(bad.status).toBe(422);
    const good = await post(app, '/v3/order', validOrder(), headers);
    expect(good.status).toBe(200);
    expect(await orderCount()).toBe(before + 1);
  });

  it('stores a failure: the repeat gets it even with a good body', async () => {
    const headers = key('failure');
    const before = await orderCount();
    const missingUser = validOrder({ user_id: '4b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10' });
    expect((await post(app, '/v3/order', missingUser, headers)).status).toBe(404);
    const repeat = await post(app, '/v3/order', validOrder(), headers);
    expect(repeat.status).toBe(404);
    expect(await orderCount()).toBe(before);
  });

  it('with no-cache, a failure is not kept but a success is', async () => {
    const headers = { ...key('no-cache'), 'x-idempotency-error': 'no-cache' };
    const before = await orderCount();
    const missingUser = validOrder({ user_id: '4b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10' });
    expect((await post(app, '/v3/order', missingUser, headers)).status).toBe(404);
    const first = await post(app, '/v3/order', validOrder(), headers);
    const again = await post(app, '/v3/order', validOrder(), headers);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await orderCount()).toBe(before + 1);
  });

  it('refuses any other X-Idempotency-Error', async () => {
    const { status } = await post(app, '/v3/order', validOrder(), {
      ...key('bad-header'),
      'x-idempotency-error': 'cache',
    });
    expect(status).toBe(422);
  });

  it('keeps a key 24 hours; after that its reuse is a new request', async () => {
    const headers = key('expiry');
    const before = await orderCount();
    await post(app, '/v3/order', validOrder(), headers);
    clock = new Date(NOW.getTime() + 23 * 3_600_000);
    await post(app, '/v3/order', validOrder(), headers);
    expect(await orderCount()).toBe(before + 1);
    clock = new Date(NOW.getTime() + 25 * 3_600_000);
    await post(app, '/v3/order', validOrder(), headers);
    expect(await orderCount()).toBe(before + 2);
    clock = NOW;
  });
});
