import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orderSchema,
  postOrderResponseSchema,
  transitionErrorSchema,
  type Order,
} from '../contract';
import {
  appointmentSchema,
  availabilitySchema,
  cancellationReasonsSchema,
} from '../contract/appointments';
import { labResultsRawSchema } from '../contract/results';
import { TEST_KEY, allOrders, buildTestApp, get, lowLevelOf } from './test/helper';

const headers = { 'x-service-api-key': TEST_KEY };

async function send(
  app: FastifyInstance,
  method: 'POST' | 'PATCH',
  url: string,
  payload?: Record<string, unknown>,
) {
  const response =
    payload === undefined
      ? await app.inject({ method, url, headers })
      : await app.inject({ method, url, headers, payload });
  return { status: response.statusCode, body: response.json<unknown>() };
}

async function order(app: FastifyInstance, id: string): Promise<Order> {
  const { body } = await get(app, `/v3/order/${id}`);
  return orderSchema.parse(body);
}

describe('tracking in the local Lab API', () => {
  let app: FastifyInstance;
  let orders: Order[];
  // Each test takes orders no other test has touched.
  const used = new Set<string>();
  const find = (method: string, low: string, extra: (o: Order) => boolean = () => true) => {
    const found = orders.find(
      (o) => !used.has(o.id) && o.lab_test.method === method && lowLevelOf(o) === low && extra(o),
    );
    if (!found) throw new Error(`no seeded ${method} order in ${low}`);
    used.add(found.id);
    return found;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    orders = await allOrders(app);
  });
  afterAll(() => app.close());

  it('simulates a test kit to completion along its state machine, with results', async () => {
    const kit = find('testkit', 'ordered', (o) => (o.lab_test.markers ?? []).length > 1);
    const answer = await send(app, 'POST', `/v3/order/${kit.id}/test?delay=0`, {
      interpretation: 'critical',
      has_missing_results: true,
    });
    expect(answer).toEqual({ status: 200, body: 'Success' });

    const done = await order(app, kit.id);
    expect(done.events.map((e) => e.status.split('.').at(-1))).toEqual([
      'ordered',
      'requisition_created',
      'transit_customer',
      'out_for_delivery',
      'with_customer',
      'transit_lab',
      'delivered_to_lab',
      'completed',
    ]);
    expect(done.last_event.status).toBe('completed.testkit.completed');
    expect(done.interpretation).toBe('critical');
    expect(done.has_missing_results).toBe(true);
    expect(done.sample_id).toBeTruthy();

    const results = await get(app, `/v3/order/${kit.id}/result`);
    expect(results.status).toBe(200);
    const parsed = labResultsRawSchema.parse(results.body);
    expect(
      Array.isArray(parsed.results) && parsed.results.some((r) => r.interpretation === 'critical'),
    ).toBe(true);
    expect(parsed.missing_results?.[0]?.inferred_failure_type).toBe(
      'quantity_not_sufficient_failure',
    );

    const critical = await get(app, `/v3/orders?is_critical=true&order_ids=${kit.id}`);
    expect((critical.body as { total: number }).total).toBe(1);
  });

  it('serves the result and requisition PDFs as real PDFs', async () => {
    const completed = find('on_site_collection', 'ordered');
    await send(app, 'POST', `/v3/order/${completed.id}/test`, {});
    for (const path of ['result/pdf', 'requisition/pdf']) {
      const response = await app.inject({
        method: 'GET',
        url: `/v3/order/${completed.id}/${path}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('refuses a simulation the state machine has no way for', async () => {
    const done = find('testkit', 'completed');
    const answer = await send(
      app,
      'POST',
      `/v3/order/${done.id}/test?final_status=received.testkit.ordered`,
    );
    expect(answer.status).toBe(400);
  });

  it('a walk-in redraw opens a new order in the same transaction', async () => {
    const walkIn = find('walk_in_test', 'ordered', (o) => o.order_transaction !== null);
    await send(
      app,
      'POST',
      `/v3/order/${walkIn.id}/test?final_status=collecting_sample.walk_in_test.redraw_available`,
      {},
    );
    const after = await order(app, walkIn.id);
    const members = after.order_transaction?.orders ?? [];
    expect(members).toHaveLength(2);
    const redraw = members.find((m) => m.id !== walkIn.id);
    expect(redraw?.origin).toBe('redraw');
    expect(redraw?.parent_id).toBe(walkIn.id);
  });

  it('cancels where the facts allow and refuses a shipped test kit with the 400 body', async () => {
    const shipped = find('testkit', 'transit_customer');
    const refused = await send(app, 'POST', `/v3/order/${shipped.id}/cancel`);
    expect(refused.status).toBe(400);
    expect(transitionErrorSchema.parse(refused.body)).toEqual({
      error: 'Bad Request',
      message: 'Transition from transit_customer to cancelled is not allowed',
      status_code: 400,
    });

    const fresh = find('walk_in_test', 'appointment_scheduled');
    const cancelled = await send(app, 'POST', `/v3/order/${fresh.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const parsed = postOrderResponseSchema.parse(cancelled.body);
    expect(parsed.order.last_event.status).toBe('cancelled.walk_in_test.cancelled');
  });

  it('books, reschedules and cancels a phlebotomy appointment in a served ZIP', async () => {
    const phleb = find(
      'at_home_phlebotomy',
      'requisition_created',
      (o) => o.patient_address?.zip === '85004',
    );
    const address = {
      first_line: phleb.patient_address?.first_line ?? '',
      city: 'Phoenix',
      state: 'AZ',
      zip_code: '85004',
    };
    const availability = availabilitySchema.parse(
      (await send(app, 'POST', '/v3/order/phlebotomy/appointment/availability', address)).body,
    );
    expect(availability.slots).toHaveLength(14);
    const [first, second] = availability.slots[0]?.slots ?? [];

    const booked = await send(app, 'POST', `/v3/order/${phleb.id}/phlebotomy/appointment/book`, {
      booking_key: first?.booking_key,
      appointment_notes: 'Ring twice',
    });
    expect(booked.status).toBe(200);
    expect(appointmentSchema.parse(booked.body)).toMatchObject({
      status: 'confirmed',
      appointment_notes: 'Ring twice',
      start_at: first?.start,
    });
    expect(lowLevelOf(await order(app, phleb.id))).toBe('appointment_scheduled');

    const moved = await send(
      app,
      'PATCH',
      `/v3/order/${phleb.id}/phlebotomy/appointment/reschedule`,
      { booking_key: second?.booking_key },
    );
    expect(appointmentSchema.parse(moved.body).start_at).toBe(second?.start);

    const reasons = cancellationReasonsSchema.parse(
      (await get(app, '/v3/order/phlebotomy/appointment/cancellation-reasons')).body,
    );
    const cancelled = await send(
      app,
      'PATCH',
      `/v3/order/${phleb.id}/phlebotomy/appointment/cancel`,
      {
        cancellation_reason_id: reasons[0]?.id,
        notes: 'Travelling',
      },
    );
    expect(appointmentSchema.parse(cancelled.body).status).toBe('cancelled');
    expect(lowLevelOf(await order(app, phleb.id))).toBe('appointment_cancelled');
  });

  it('a simulated draw never happens before the booked appointment ends', async () => {
    const phleb = find(
      'at_home_phlebotomy',
      'requisition_created',
      (o) => o.patient_address?.zip === '85004',
    );
    const availability = availabilitySchema.parse(
      (
        await send(app, 'POST', '/v3/order/phlebotomy/appointment/availability', {
          first_line: phleb.patient_address?.first_line ?? '',
          city: 'Phoenix',
          state: 'AZ',
          zip_code: '85004',
        })
      ).body,
    );
    const slot = availability.slots[1]?.slots[0];
    const booked = appointmentSchema.parse(
      (
        await send(app, 'POST', `/v3/order/${phleb.id}/phlebotomy/appointment/book`, {
          booking_key: slot?.booking_key,
        })
      ).body,
    );
    const appointmentEnd = Date.parse(booked.end_at ?? booked.start_at ?? '');

    expect((await send(app, 'POST', `/v3/order/${phleb.id}/test?delay=0`, {})).status).toBe(200);
    const events = (await order(app, phleb.id)).events;
    const draw = events.find((e) => e.status.endsWith('.draw_completed'));
    expect(Date.parse(draw?.created_at ?? '')).toBeGreaterThanOrEqual(appointmentEnd);
    const times = events.map((e) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('an order cancelled cancels its phlebotomy appointment; unserved ZIPs are refused', async () => {
    const phleb = find('at_home_phlebotomy', 'ordered', (o) => o.patient_address?.zip === '85004');
    const slots = availabilitySchema.parse(
      (
        await send(app, 'POST', '/v3/order/phlebotomy/appointment/availability', {
          first_line: '1 A St',
          city: 'Phoenix',
          state: 'AZ',
          zip_code: '85004',
        })
      ).body,
    );
    await send(app, 'POST', `/v3/order/${phleb.id}/phlebotomy/appointment/book`, {
      booking_key: slots.slots[1]?.slots[0]?.booking_key,
    });
    expect((await send(app, 'POST', `/v3/order/${phleb.id}/cancel`)).status).toBe(200);
    const appointment = appointmentSchema.parse(
      (await get(app, `/v3/order/${phleb.id}/phlebotomy/appointment`)).body,
    );
    expect(appointment.status).toBe('cancelled');

    const unserved = await send(app, 'POST', '/v3/order/phlebotomy/appointment/availability', {
      first_line: '1 A St',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
    });
    expect(unserved.status).toBe(400);
    const request = await send(app, 'POST', '/v3/order/phlebotomy/appointment/availability', {
      first_line: '1 A St',
      city: 'Onalaska',
      state: 'WI',
      zip_code: '54650',
    });
    expect(availabilitySchema.parse(request.body).slots).toEqual([]);
  });

  it('with a delay, the order waits and then moves on by timers', async () => {
    const walkIn = find(
      'walk_in_test',
      'ordered',
      (o) => !o.order_transaction || o.order_transaction.orders.length === 1,
    );
    const answer = await send(app, 'POST', `/v3/order/${walkIn.id}/test?delay=1`, {});
    expect(answer.body).toBe('Success');
    expect(lowLevelOf(await order(app, walkIn.id))).toBe('ordered');
    await expect
      .poll(async () => lowLevelOf(await order(app, walkIn.id)), { timeout: 8000, interval: 250 })
      .toBe('requisition_created');
  });

  it('seeds results for finished orders and appointments for booked phlebotomy orders', async () => {
    const done = orders.filter((o) => lowLevelOf(o) === 'completed');
    expect(done.length).toBeGreaterThan(0);
    for (const order of done) {
      const { status, body } = await get(app, `/v3/order/${order.id}/result`);
      expect(status).toBe(200);
      expect(labResultsRawSchema.parse(body).metadata.interpretation).toBe(order.interpretation);
    }
    const booked = orders.filter(
      (o) =>
        o.lab_test.method === 'at_home_phlebotomy' &&
        o.events.some((e) => e.status.endsWith('.appointment_scheduled')),
    );
    expect(booked.length).toBeGreaterThan(0);
    for (const order of booked) {
      const { status } = await get(app, `/v3/order/${order.id}/phlebotomy/appointment`);
      expect(status).toBe(200);
    }
  });

  it('takes a PhlebFinders request in the request tier and refuses it elsewhere', async () => {
    const phleb = find('at_home_phlebotomy', 'requisition_created');
    const address = {
      first_line: '27 Riverbend Ct',
      city: 'Onalaska',
      state: 'WI',
      zip_code: '54650',
    };
    const refused = await send(
      app,
      'POST',
      `/v3/order/${phleb.id}/phlebotomy/appointment/request`,
      {
        address: { ...address, city: 'Phoenix', state: 'AZ', zip_code: '85004' },
        provider: 'phlebfinders',
      },
    );
    expect(refused.status).toBe(400);
    const requested = await send(
      app,
      'POST',
      `/v3/order/${phleb.id}/phlebotomy/appointment/request`,
      {
        address,
        provider: 'phlebfinders',
        appointment_notes: 'Mornings only',
      },
    );
    expect(requested.status).toBe(200);
    expect(appointmentSchema.parse(requested.body)).toMatchObject({
      status: 'pending',
      provider: 'phlebfinders',
      start_at: null,
      appointment_notes: 'Mornings only',
    });
    const after = await order(app, phleb.id);
    expect(lowLevelOf(after)).toBe('appointment_pending');
    expect((after.details.data as { appointment_id?: string }).appointment_id).toBe(
      appointmentSchema.parse(requested.body).id,
    );
  });
});
