import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ordersPageSchema,
  parseOrderStatus,
  postOrderResponseSchema,
  type Order,
} from '../contract';
import { appointmentSchema, availabilitySchema } from '../contract/appointments';
import { communicationSettingsSchema } from '../contract/orderActions';
import { pscInfoSchema } from '../contract/psc';
import { listAudit } from '../bff/platform/audit/audit';
import { startStack, type Stack } from './stack';

/* Walk-in appointments and the order actions through the BFF: roles, audit, refusals. */

let stack: Stack;
let coordinator: string;
let clinician: string;
let ops: string;
let orders: Order[];
const json = { 'content-type': 'application/json' };
const low = (o: Order) => parseOrderStatus(o.last_event.status).lowLevel;

function pick(method: string, status: string, accept: (o: Order) => boolean = () => true): Order {
  const index = orders.findIndex(
    (o) => o.lab_test.method === method && low(o) === status && accept(o),
  );
  if (index < 0) throw new Error(`no ${method} order in ${status}`);
  return orders.splice(index, 1)[0] as Order;
}

async function auditRow(action: string, recordId: string) {
  const rows = await listAudit(stack.store.db, 1000);
  return rows.find((r) => r.action === action && r.record_id === recordId);
}

const send = (cookie: string, method: 'POST' | 'PATCH', url: string, body?: unknown) =>
  stack.request(
    cookie,
    method,
    url,
    body === undefined ? {} : { headers: json, body: JSON.stringify(body) },
  );

beforeAll(async () => {
  stack = await startStack();
  [coordinator, clinician, ops] = await Promise.all([
    stack.signIn('coordinator'),
    stack.signIn('clinician'),
    stack.signIn('ops'),
  ]);
  const page = await stack.request(coordinator, 'GET', '/api/lab/v3/orders?size=100');
  orders = ordersPageSchema.parse(page.json()).orders;
  const scheduled = await stack.request(
    coordinator,
    'GET',
    '/api/lab/v3/orders?size=100&order_activation_types=scheduled',
  );
  orders.push(...ordersPageSchema.parse(scheduled.json()).orders);
});
afterAll(() => stack.close());

describe('walk-in appointments through the BFF', () => {
  it('lets only coordinators look up centres and slots, and audits the lookup', async () => {
    const walkIn = pick('walk_in_test', 'requisition_created');
    const info = `/api/lab/v3/order/${walkIn.id}/psc/info?radius=10`;
    expect((await stack.request(ops, 'GET', info)).statusCode).toBe(403);
    expect((await stack.request(clinician, 'GET', info)).statusCode).toBe(403);
    const answer = await stack.request(coordinator, 'GET', info);
    expect(answer.statusCode).toBe(200);
    expect(pscInfoSchema.parse(answer.json()).patient_service_centers.length).toBeGreaterThan(0);
    expect(await auditRow('GET /v3/order/{order_id}/psc/info', walkIn.id)).toMatchObject({
      role: 'coordinator',
      record_type: 'order_patient_address',
      outcome: 200,
    });
    const area = '/api/lab/v3/order/area/info?zip_code=85004';
    expect((await stack.request(clinician, 'GET', area)).statusCode).toBe(403);
    expect((await stack.request(coordinator, 'GET', area)).statusCode).toBe(200);
  });

  it('books, reschedules and cancels for coordinators, lets the others read it, audits each', async () => {
    const walkIn = pick('walk_in_test', 'requisition_created');
    const zip = walkIn.patient_address?.zip ?? '';
    const availability = `/api/lab/v3/order/psc/appointment/availability?lab=quest&zip_code=${zip}&radius=10`;
    expect((await send(ops, 'POST', availability)).statusCode).toBe(403);
    const slots = availabilitySchema.parse((await send(coordinator, 'POST', availability)).json());
    const [key, later] = slots.slots.flatMap((d) => d.slots.map((s) => s.booking_key ?? ''));

    const book = `/api/lab/v3/order/${walkIn.id}/psc/appointment/book`;
    expect((await send(clinician, 'POST', book, { booking_key: key })).statusCode).toBe(403);
    const booked = await send(coordinator, 'POST', book, { booking_key: key });
    expect(booked.statusCode).toBe(200);
    expect(appointmentSchema.parse(booked.json()).status).toBe('confirmed');
    expect(
      await auditRow('POST /v3/order/{order_id}/psc/appointment/book', walkIn.id),
    ).toMatchObject({ role: 'coordinator', record_type: 'appointment', outcome: 200 });

    const read = await stack.request(ops, 'GET', `/api/lab/v3/order/${walkIn.id}/psc/appointment`);
    expect(read.statusCode).toBe(200);
    expect(await auditRow('GET /v3/order/{order_id}/psc/appointment', walkIn.id)).toMatchObject({
      role: 'ops',
      outcome: 200,
    });

    const reschedule = `/api/lab/v3/order/${walkIn.id}/psc/appointment/reschedule`;
    expect((await send(ops, 'PATCH', reschedule, { booking_key: later })).statusCode).toBe(403);
    const moved = await send(coordinator, 'PATCH', reschedule, { booking_key: later });
    expect(appointmentSchema.parse(moved.json()).events.at(-1)?.data).toMatchObject({
      is_reschedule: true,
    });

    const reasons = await stack.request(
      clinician,
      'GET',
      '/api/lab/v3/order/psc/appointment/cancellation-reasons',
    );
    const [reason] = reasons.json<{ id: string }[]>();
    const cancel = `/api/lab/v3/order/${walkIn.id}/psc/appointment/cancel`;
    const body = { cancellationReasonId: reason?.id, note: 'Travelling' };
    expect((await send(clinician, 'PATCH', cancel, body)).statusCode).toBe(403);
    const cancelled = await send(coordinator, 'PATCH', cancel, body);
    expect(appointmentSchema.parse(cancelled.json()).status).toBe('cancelled');
    // Nothing left to cancel: the Lab API's refusal reaches the console in its words.
    const again = await send(coordinator, 'PATCH', cancel, body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: 'There is no appointment to cancel.' });
  });
});

describe('order actions through the BFF', () => {
  it('marks an on-site draw completed for coordinators only, and passes the state refusal on', async () => {
    const onSite = pick('on_site_collection', 'requisition_created');
    const url = `/api/lab/v3/order/${onSite.id}/draw_completed`;
    expect((await send(clinician, 'PATCH', url)).statusCode).toBe(403);
    const done = await send(coordinator, 'PATCH', url);
    expect(done.statusCode).toBe(200);
    expect(low(postOrderResponseSchema.parse(done.json()).order)).toBe('draw_completed');
    const twice = await send(coordinator, 'PATCH', url);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      detail: 'Transition from draw_completed to draw_completed is not allowed.',
    });
    const rows = (await listAudit(stack.store.db, 1000)).filter(
      (r) => r.action === 'PATCH /v3/order/{order_id}/draw_completed' && r.record_id === onSite.id,
    );
    expect(rows.map((r) => [r.role, r.outcome]).sort()).toEqual(
      [
        ['clinician', 403],
        ['coordinator', 200],
        ['coordinator', 400],
      ].sort(),
    );
  });

  it('reschedules a scheduled order for coordinators, refusing a past date in words', async () => {
    const scheduled = pick('walk_in_test', 'ordered', (o) => Boolean(o.activate_by));
    const url = `/api/lab/v3/order/${scheduled.id}`;
    const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    expect((await send(ops, 'PATCH', url, { activate_by: later })).statusCode).toBe(403);
    const moved = await send(coordinator, 'PATCH', url, { activate_by: later });
    expect(moved.statusCode).toBe(200);
    expect(postOrderResponseSchema.parse(moved.json()).order.activate_by).toBe(later);
    const past = await send(coordinator, 'PATCH', url, { activate_by: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ detail: 'activate_by cannot be in the past.' });
    const missing = await send(coordinator, 'PATCH', url, {});
    expect(missing.statusCode).toBe(422);
    expect(await auditRow('PATCH /v3/order/{order_id}', scheduled.id)).toMatchObject({
      record_type: 'order',
    });
  });

  it('lets everyone read the SMS setting and only coordinators change it', async () => {
    const one = pick('walk_in_test', 'requisition_created');
    const url = `/api/lab/v3/order/${one.id}/communication_settings`;
    const read = await stack.request(clinician, 'GET', url);
    expect(communicationSettingsSchema.parse(read.json()).sms_enabled).toBe(true);
    expect((await send(clinician, 'PATCH', url, { sms_enabled: false })).statusCode).toBe(403);
    const off = await send(coordinator, 'PATCH', url, { sms_enabled: false });
    expect(communicationSettingsSchema.parse(off.json()).sms_enabled).toBe(false);
    expect(
      await auditRow('PATCH /v3/order/{order_id}/communication_settings', one.id),
    ).toMatchObject({ role: 'coordinator', record_type: 'communication_settings', outcome: 200 });
  });
});
