import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, orderSchema } from '../contract';
import { buildTestApp, get } from './test/helper';
import { byMethod, locs, post } from './test/ordering';
import { KIT, KIT_USER, OTHER_PATIENT, registration } from './test/testkit';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function newKit() {
  const { status, body } = await post(app, '/v3/order/testkit', KIT());
  expect(status).toBe(200);
  return orderSchema.parse(body.order);
}

describe('POST /v3/order/testkit', () => {
  it('creates an unregistered kit with its shipping address and first events', async () => {
    const kit = await newKit();
    expect(kit.user_id).toBe(KIT_USER?.id);
    expect(kit.details.type).toBe('testkit');
    expect(kit.patient_details).toBeNull();
    expect(kit.shipping_details).toMatchObject({
      receiver_name: 'Marisol Quintero-Vale',
      zip: '85004',
    });
    expect(kit.events.map((e) => e.status)).toEqual([
      'received.testkit.ordered',
      'received.testkit.awaiting_registration',
    ]);
    expect(kit.sample_id).toMatch(/^SMP\d{9}$/);
    expect(kit.order_transaction?.orders[0]?.origin).toBe('initial');
  });

  it('refuses a bad shipping address and a lab test that is not a kit', async () => {
    const bad = await post(
      app,
      '/v3/order/testkit',
      KIT({ shipping_details: { ...KIT().shipping_details, zip: 'abc', receiver_name: '' } }),
    );
    expect(bad.status).toBe(422);
    expect(locs(bad.body)).toEqual({
      'shipping_details.zip': MESSAGES.zip,
      'shipping_details.receiver_name': MESSAGES.required,
    });
    const walkIn = await post(
      app,
      '/v3/order/testkit',
      KIT({ lab_test_id: byMethod('walk_in_test').id }),
    );
    expect(locs(walkIn.body)).toEqual({ lab_test_id: MESSAGES.testkitLabTest });
  });
});

describe('POST /v3/order/testkit/register', () => {
  it('registers by sample id, rebinding to another patient of the team', async () => {
    const kit = await newKit();
    const { status, body } = await post(
      app,
      '/v3/order/testkit/register',
      registration(kit.sample_id ?? '', { user_id: OTHER_PATIENT?.id }),
    );
    expect(status).toBe(200);
    const order = orderSchema.parse(body.order);
    expect(order.id).toBe(kit.id);
    expect(order.user_id).toBe(OTHER_PATIENT?.id);
    expect(order.patient_details?.first_name).toBe('Wren');
    expect(order.shipping_details).toEqual(kit.shipping_details);
    expect(order.events.map((e) => e.status)).toEqual([
      'received.testkit.ordered',
      'received.testkit.awaiting_registration',
      'received.testkit.testkit_registered',
      'received.testkit.requisition_created',
    ]);
    const listed = await get(app, `/v3/orders?user_id=${OTHER_PATIENT?.id ?? ''}&size=100`);
    expect((listed.body as { orders: { id: string }[] }).orders.map((o) => o.id)).toContain(kit.id);
  });

  it('keeps the order’s user when user_id is omitted', async () => {
    const kit = await newKit();
    const { body } = await post(
      app,
      '/v3/order/testkit/register',
      registration(kit.sample_id ?? ''),
    );
    expect(orderSchema.parse(body.order).user_id).toBe(KIT_USER?.id);
  });

  it('refuses an unknown sample id (404), a second registration (400), an unknown user (404)', async () => {
    expect(
      (await post(app, '/v3/order/testkit/register', registration('SMP000000000'))).status,
    ).toBe(404);
    const kit = await newKit();
    const unknownUser = await post(
      app,
      '/v3/order/testkit/register',
      registration(kit.sample_id ?? '', { user_id: '4b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10' }),
    );
    expect(unknownUser.status).toBe(404);
    await post(app, '/v3/order/testkit/register', registration(kit.sample_id ?? ''));
    const twice = await post(app, '/v3/order/testkit/register', registration(kit.sample_id ?? ''));
    expect(twice.status).toBe(400);
  });

  it('applies the patient rules with the form messages', async () => {
    const kit = await newKit();
    const base = registration(kit.sample_id ?? '');
    const { status, body } = await post(app, '/v3/order/testkit/register', {
      ...base,
      sample_id: '',
      patient_details: { ...base.patient_details, dob: '2015-01-01', email: 'nope' },
    });
    expect(status).toBe(422);
    expect(locs(body)).toMatchObject({
      sample_id: MESSAGES.sampleId,
      'patient_details.email': MESSAGES.email,
      'patient_details.medical_proxy': MESSAGES.medicalProxyRequired,
    });
  });
});
