import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { orderSchema, postOrderResponseSchema, type Order } from '../contract';
import {
  appointmentSchema,
  availabilitySchema,
  cancellationReasonsSchema,
} from '../contract/appointments';
import { communicationSettingsSchema } from '../contract/orderActions';
import { encodePscBookingKey } from './lifecycle/psc';
import { areaInfoSchema, pscInfoSchema } from '../contract/psc';
import { TEST_KEY, allOrders, buildTestApp, get, lowLevelOf } from './test/helper';

/* Walk-in appointments at patient service centres, and the order actions beside cancel. */

const headers = { 'x-service-api-key': TEST_KEY };

async function send(
  app: FastifyInstance,
  method: 'POST' | 'PATCH',
  url: string,
  payload?: Record<string, unknown>,
  extra: Record<string, string> = {},
) {
  const response = await app.inject({
    method,
    url,
    headers: { ...headers, ...extra },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.json<unknown>() };
}

const detail = (body: unknown) => (body as { detail: string }).detail;

async function order(app: FastifyInstance, id: string): Promise<Order> {
  return orderSchema.parse((await get(app, `/v3/order/${id}`)).body);
}

describe('patient service centres in the local Lab API', () => {
  let app: FastifyInstance;
  let orders: Order[];
  const take = (method: string, low: string) => {
    const index = orders.findIndex((o) => o.lab_test.method === method && lowLevelOf(o) === low);
    if (index < 0) throw new Error(`no ${method} order in ${low}`);
    return orders.splice(index, 1)[0] as Order;
  };

  async function keysFor(o: Order) {
    const zip = o.patient_address?.zip ?? '';
    const { status, body } = await send(
      app,
      'POST',
      `/v3/order/psc/appointment/availability?lab=quest&zip_code=${zip}&radius=10`,
    );
    expect(status).toBe(200);
    const parsed = availabilitySchema.parse(body);
    return parsed.slots.flatMap((d) => d.slots.map((s) => s.booking_key ?? ''));
  }

  beforeAll(async () => {
    app = await buildTestApp();
    orders = await allOrders(app);
  });
  afterAll(() => app.close());

  it('describes the area and lists centres nearest first, within the radius', async () => {
    const area = await get(app, '/v3/order/area/info?zip_code=85004&radius=10');
    expect(area.status).toBe(200);
    const parsed = areaInfoSchema.parse(area.body);
    expect(parsed.phlebotomy.is_served).toBe(true);
    expect(parsed.central_labs.quest?.patient_service_centers.within_radius).toBe(2);
    expect(parsed.central_labs.quest?.patient_service_centers.appointment_with_vital).toBe(true);

    const near = pscInfoSchema.parse(
      (await get(app, '/v3/order/psc/info?zip_code=78701&lab_id=1&radius=10')).body,
    );
    const far = pscInfoSchema.parse(
      (await get(app, '/v3/order/psc/info?zip_code=78701&lab_id=1&radius=25')).body,
    );
    expect(near.patient_service_centers).toHaveLength(2);
    expect(far.patient_service_centers).toHaveLength(3);
    const distances = far.patient_service_centers.map((c) => c.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(far.patient_service_centers[0]?.metadata.hours).toMatchObject({ monday: '07:00-17:00' });

    const elsewhere = await get(app, '/v3/order/psc/info?zip_code=99999&lab_id=1');
    expect(pscInfoSchema.parse(elsewhere.body).patient_service_centers).toEqual([]);
    expect((await get(app, '/v3/order/psc/info?zip_code=7870&lab_id=1')).status).toBe(422);
  });

  it('answers the order’s own centres, of its lab near its patient', async () => {
    const walkIn = take('walk_in_test', 'requisition_created');
    const info = pscInfoSchema.parse((await get(app, `/v3/order/${walkIn.id}/psc/info`)).body);
    expect(info.slug).toBe('quest');
    expect(
      info.patient_service_centers.every(
        (c) => c.metadata.zip_code === walkIn.patient_address?.zip,
      ),
    ).toBe(true);
  });

  it('refuses availability without a place, beyond three sites, and 404s a walk-in-only centre', async () => {
    const url = '/v3/order/psc/appointment/availability?lab=quest';
    expect((await send(app, 'POST', url)).status).toBe(400);
    expect((await send(app, 'POST', `${url}&zip_code=85004`)).status).toBe(400);
    const four = ['Q85004A', 'Q85004B', 'Q85004C', 'Q78701A']
      .map((s) => `site_codes=${s}`)
      .join('&');
    expect(detail((await send(app, 'POST', `${url}&${four}`)).body)).toMatch(/At most 3/);
    expect((await send(app, 'POST', `${url}&site_codes=nonsense`)).status).toBe(400);
    const walkInOnly = await send(app, 'POST', `${url}&site_codes=Q85004C`);
    expect(walkInOnly.status).toBe(404);
    expect(detail(walkInOnly.body)).toMatch(/^No slots found/);
    expect(
      (await send(app, 'POST', `${url}&site_codes=Q85004A&start_date=2026-02-01`)).status,
    ).toBe(400);
  });

  it('books, takes the slot away from others, reschedules and cancels with a reason', async () => {
    const first = take('walk_in_test', 'requisition_created');
    const [key, later] = await keysFor(first);
    const booked = await send(app, 'POST', `/v3/order/${first.id}/psc/appointment/book`, {
      booking_key: key,
      appointment_notes: 'Bring ID',
    });
    expect(booked.status).toBe(200);
    const appointment = appointmentSchema.parse(booked.body);
    expect(appointment).toMatchObject({
      type: 'patient_service_center',
      status: 'confirmed',
      event_status: 'scheduled',
    });
    expect(lowLevelOf(await order(app, first.id))).toBe('appointment_scheduled');

    // The slot is gone for a neighbour, and booking it anyway is a conflict.
    const sameZip = orders.find(
      (o) =>
        o.lab_test.method === 'walk_in_test' &&
        lowLevelOf(o) === 'requisition_created' &&
        o.patient_address?.zip === first.patient_address?.zip,
    );
    const other = sameZip ?? take('walk_in_test', 'requisition_created');
    if (sameZip) orders.splice(orders.indexOf(sameZip), 1);
    const conflict = await send(app, 'POST', `/v3/order/${other.id}/psc/appointment/book`, {
      booking_key: key,
    });
    expect(conflict.status).toBe(400);
    expect(detail(conflict.body)).toMatch(/just taken/);
    if (sameZip) expect(await keysFor(other)).not.toContain(key);

    const again = await send(app, 'POST', `/v3/order/${first.id}/psc/appointment/book`, {
      booking_key: later,
    });
    expect(detail(again.body)).toMatch(/reschedule it instead/);

    const moved = await send(app, 'PATCH', `/v3/order/${first.id}/psc/appointment/reschedule`, {
      booking_key: later,
    });
    expect(moved.status).toBe(200);
    expect(appointmentSchema.parse(moved.body).start_at).not.toBe(appointment.start_at);
    // The first slot is free again.
    expect(await keysFor(first)).toContain(key);

    const reasons = cancellationReasonsSchema.parse(
      (await get(app, '/v3/order/psc/appointment/cancellation-reasons')).body,
    );
    const wrongShape = await send(app, 'PATCH', `/v3/order/${first.id}/psc/appointment/cancel`, {
      cancellation_reason_id: reasons[0]?.id,
    });
    expect(wrongShape.status).toBe(422);
    const cancelled = await send(app, 'PATCH', `/v3/order/${first.id}/psc/appointment/cancel`, {
      cancellationReasonId: reasons[0]?.id,
      note: 'Sick',
    });
    expect(appointmentSchema.parse(cancelled.body).status).toBe('cancelled');
    expect(lowLevelOf(await order(app, first.id))).toBe('appointment_cancelled');
  });

  it('keeps the centre appointment when the order is cancelled', async () => {
    const walkIn = take('walk_in_test', 'requisition_created');
    const [key] = await keysFor(walkIn);
    await send(app, 'POST', `/v3/order/${walkIn.id}/psc/appointment/book`, { booking_key: key });
    const cancel = await send(app, 'POST', `/v3/order/${walkIn.id}/cancel`);
    expect(cancel.status).toBe(200);
    const read = await get(app, `/v3/order/${walkIn.id}/psc/appointment`);
    expect(appointmentSchema.parse(read.body).status).toBe('confirmed');
  });

  it('holds a slot before the requisition and replays a booking key', async () => {
    const scheduled = orders.find(
      (o) => o.lab_test.method === 'walk_in_test' && lowLevelOf(o) === 'ordered',
    );
    if (!scheduled) throw new Error('no scheduled walk-in order');
    orders.splice(orders.indexOf(scheduled), 1);
    const [key] = await keysFor(scheduled);
    const idem = { 'x-idempotency-key': 'book-once' };
    const first = await send(
      app,
      'POST',
      `/v3/order/${scheduled.id}/psc/appointment/book`,
      { booking_key: key },
      idem,
    );
    expect(appointmentSchema.parse(first.body).status).toBe('reserved');
    expect(lowLevelOf(await order(app, scheduled.id))).toBe('ordered');
    const replay = await send(
      app,
      'POST',
      `/v3/order/${scheduled.id}/psc/appointment/book`,
      { booking_key: key },
      idem,
    );
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
  });

  it("offers slots only inside a centre's opening hours, on the centre's own clock", async () => {
    // The clock is Sunday 1 March 2026, noon UTC. Q85004A is in Phoenix (UTC−7 all year):
    // Monday to Friday 07:00–17:00, Saturday 08:00–12:00, closed on Sunday. A fresh local
    // Lab API, so that no other test has booked one of its slots.
    const fresh = await buildTestApp();
    onTestFinished(() => fresh.close());
    const answer = await send(
      fresh,
      'POST',
      '/v3/order/psc/appointment/availability?lab=quest&site_codes=Q85004A',
    );
    expect(answer.status).toBe(200);
    const availability = availabilitySchema.parse(answer.body);
    expect(availability.timezone).toBe('America/Phoenix');
    const byDate = new Map(availability.slots.map((day) => [day.date, day]));
    expect(byDate.get('2026-03-01')?.slots).toEqual([]);
    const monday = byDate.get('2026-03-02')?.slots ?? [];
    expect(monday).toHaveLength(30);
    expect(monday[0]?.start).toBe('2026-03-02T14:00:00.000Z');
    expect(monday.at(-1)?.end).toBe('2026-03-03T00:00:00.000Z');
    const saturday = byDate.get('2026-03-07')?.slots ?? [];
    expect(saturday).toHaveLength(12);
    expect(saturday[0]?.start).toBe('2026-03-07T15:00:00.000Z');
    expect(saturday.at(-1)?.end).toBe('2026-03-07T19:00:00.000Z');
    expect(JSON.stringify(byDate.get('2026-03-02')?.location)).toContain(
      '"iana_timezone":"America/Phoenix"',
    );

    // A key for a time the centre is closed was never offered, so it books nothing.
    const walkIn = (await allOrders(fresh)).find(
      (o) => o.lab_test.method === 'walk_in_test' && lowLevelOf(o) === 'requisition_created',
    );
    const sunday = encodePscBookingKey({
      lab: 'quest',
      site: 'Q85004A',
      start: '2026-03-08T17:00:00.000Z',
      end: '2026-03-08T17:20:00.000Z',
    });
    const refused = await send(fresh, 'POST', `/v3/order/${walkIn?.id}/psc/appointment/book`, {
      booking_key: sunday,
    });
    expect(refused.status).toBe(400);
    expect(detail(refused.body)).toMatch(/closed at that time/);
  });

  it('answers 503 when the team has not opted in to scheduling', async () => {
    const closed = await buildTestApp({ pscSchedulingEnabled: false });
    try {
      const answer = await send(
        closed,
        'POST',
        '/v3/order/psc/appointment/availability?lab=quest&site_codes=Q85004A',
      );
      expect(answer.status).toBe(503);
    } finally {
      await closed.close();
    }
  });
});

describe('order actions in the local Lab API', () => {
  let app: FastifyInstance;
  let orders: Order[];
  const take = (method: string, low: string, scheduled?: boolean) => {
    const index = orders.findIndex(
      (o) =>
        o.lab_test.method === method &&
        lowLevelOf(o) === low &&
        (scheduled === undefined || Boolean(o.activate_by) === scheduled),
    );
    if (index < 0) throw new Error(`no ${method} order in ${low}`);
    return orders.splice(index, 1)[0] as Order;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    orders = await allOrders(app);
  });
  afterAll(() => app.close());

  it('marks an on-site draw completed only from a requisition, and only on site', async () => {
    const ready = take('on_site_collection', 'requisition_created');
    const done = await send(app, 'PATCH', `/v3/order/${ready.id}/draw_completed`);
    expect(done.status).toBe(200);
    expect(postOrderResponseSchema.parse(done.body).order.last_event.status).toBe(
      'sample_with_lab.on_site_collection.draw_completed',
    );
    const twice = await send(app, 'PATCH', `/v3/order/${ready.id}/draw_completed`);
    expect(twice.status).toBe(400);
    expect(detail(twice.body)).toMatch(/draw_completed to draw_completed/);
    const walkIn = take('walk_in_test', 'requisition_created');
    expect((await send(app, 'PATCH', `/v3/order/${walkIn.id}/draw_completed`)).status).toBe(400);
  });

  it('moves and clears a scheduled order’s activation date, with the document’s 400s', async () => {
    const scheduled = take('walk_in_test', 'ordered', true);
    const moved = await send(app, 'PATCH', `/v3/order/${scheduled.id}`, {
      activate_by: '2026-04-15',
    });
    expect(moved.status).toBe(200);
    const after = postOrderResponseSchema.parse(moved.body).order;
    expect(after.activate_by).toBe('2026-04-15');
    expect(lowLevelOf(after)).toBe('ordered');

    const past = await send(app, 'PATCH', `/v3/order/${scheduled.id}`, {
      activate_by: '2026-02-01',
    });
    expect(detail(past.body)).toMatch(/past/);
    expect((await send(app, 'PATCH', `/v3/order/${scheduled.id}`, {})).status).toBe(422);

    const cleared = await send(app, 'PATCH', `/v3/order/${scheduled.id}`, { activate_by: null });
    expect(lowLevelOf(postOrderResponseSchema.parse(cleared.body).order)).toBe(
      'requisition_created',
    );
    const tooLate = await send(app, 'PATCH', `/v3/order/${scheduled.id}`, {
      activate_by: '2026-04-20',
    });
    expect(detail(tooLate.body)).toMatch(/not modifiable/);

    const immediate = take('testkit', 'awaiting_registration', false);
    const refused = await send(app, 'PATCH', `/v3/order/${immediate.id}`, {
      activate_by: '2026-04-15',
    });
    expect(refused.status).toBe(400);
    expect(detail(refused.body)).toMatch(/immediate processing/);
  });

  it('keeps SMS on by default and per order', async () => {
    const one = take('walk_in_test', 'requisition_created');
    const url = `/v3/order/${one.id}/communication_settings`;
    expect(communicationSettingsSchema.parse((await get(app, url)).body).sms_enabled).toBe(true);
    const off = await send(app, 'PATCH', url, { sms_enabled: false });
    expect(off.body).toEqual({ order_id: one.id, sms_enabled: false });
    expect(communicationSettingsSchema.parse((await get(app, url)).body).sms_enabled).toBe(false);
    expect((await send(app, 'PATCH', url, { sms_enabled: 'no' })).status).toBe(422);
  });
});

describe('seeded centre appointments', () => {
  it('answers the appointment every seeded walk-in order names', async () => {
    const app = await buildTestApp();
    try {
      const named = (await allOrders(app)).filter(
        (o) =>
          o.lab_test.method === 'walk_in_test' &&
          typeof (o.details.data as { appointment_id?: unknown } | null)?.appointment_id ===
            'string',
      );
      expect(named.length).toBeGreaterThan(0);
      for (const o of named) {
        const read = await get(app, `/v3/order/${o.id}/psc/appointment`);
        expect(read.status, o.id).toBe(200);
        expect(appointmentSchema.parse(read.body).type).toBe('patient_service_center');
      }
    } finally {
      await app.close();
    }
  });
});
