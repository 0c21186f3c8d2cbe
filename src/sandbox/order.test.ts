import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_FOUND_DETAIL,
  orderSchema,
  ordersPageSchema,
  validationErrorSchema,
  type Order,
} from '../contract';
import { allOrders, buildTestApp, get, lowLevelOf } from './test/helper';

let app: FastifyInstance;
let everything: Order[];

beforeAll(async () => {
  app = await buildTestApp();
  everything = await allOrders(app);
});
afterAll(() => app.close());

describe('GET /v3/order/{order_id}', () => {
  it('answers the same order as the list, parsed by the contract', async () => {
    for (const listed of [everything[0], everything[99], everything.at(-1)]) {
      const { status, body } = await get(app, `/v3/order/${listed?.id ?? ''}`);
      expect(status).toBe(200);
      expect(orderSchema.parse(body)).toEqual(listed);
    }
  });

  it('accepts an upper-case id', async () => {
    const id = everything[5]?.id ?? '';
    const { status, body } = await get(app, `/v3/order/${id.toUpperCase()}`);
    expect(status).toBe(200);
    expect(orderSchema.parse(body).id).toBe(id);
  });

  it('an unknown id answers 404 in the real shape', async () => {
    const { status, body } = await get(app, '/v3/order/4b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: NOT_FOUND_DETAIL.order });
  });

  it('a malformed id answers 422 located in the path', async () => {
    const { status, body } = await get(app, '/v3/order/not-a-uuid');
    expect(status).toBe(422);
    expect(validationErrorSchema.parse(body).detail).toEqual([
      expect.objectContaining({ loc: ['path', 'order_id'], type: 'uuid_parsing' }),
    ]);
  });
});

describe('order documents', () => {
  it('events ascend by id and time, and last_event is the last of them', () => {
    for (const order of everything) {
      expect(order.events.length).toBeGreaterThan(0);
      const eventIds = order.events.map((e) => e.id);
      expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b));
      const times = order.events.map((e) => e.created_at);
      expect(times).toEqual([...times].sort());
      expect(order.last_event).toEqual(order.events.at(-1));
      expect(order.events[0]?.status.split('.')[2]).toBe('ordered');
      expect(order.status).toBe(order.last_event.status.split('.')[0]);
      expect(order.updated_at).toBe(order.last_event.created_at);
    }
  });

  it('the redraw: the initial order ends redraw_available, the redraw is in its transaction', () => {
    const redraw = everything.find((o) => o.origin === 'redraw');
    // parent_id is a transaction member's, not the order's own (the document's ClientFacingOrder).
    expect(redraw && 'parent_id' in redraw).toBe(false);
    const member = redraw?.order_transaction?.orders.find((m) => m.id === redraw.id);
    const initial = everything.find((o) => o.id === member?.parent_id);
    expect(redraw?.details.type).toBe('walk_in_test');
    expect(initial && lowLevelOf(initial)).toBe('redraw_available');
    expect(initial?.origin).toBe('initial');
    expect(redraw?.order_transaction?.id).toBe(initial?.order_transaction?.id);
    expect(
      redraw?.order_transaction?.orders.map((m) => [m.id, m.origin, m.parent_id ?? null]),
    ).toEqual([
      [initial?.id, 'initial', null],
      [redraw?.id, 'redraw', initial?.id],
    ]);
  });

  it('every other order is the initial and only member of its own transaction', () => {
    const single = everything.filter((o) => o.order_transaction?.orders.length === 1);
    expect(single.length).toBe(everything.length - 2);
    for (const order of single) {
      expect(order.origin).toBe('initial');
      expect(order.order_transaction?.orders[0]).toMatchObject({
        id: order.id,
        low_level_status: lowLevelOf(order),
        low_level_status_created_at: order.last_event.created_at,
      });
    }
  });

  it('unregistered kits have shipping details and no patient yet', () => {
    const waiting = everything.filter((o) => lowLevelOf(o) === 'awaiting_registration');
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    for (const order of waiting) {
      expect(order.details.type).toBe('testkit');
      expect(order.patient_details).toBeNull();
      expect(order.shipping_details?.receiver_name).toBeTruthy();
      expect(order.events.map((e) => e.status)).toEqual([
        'received.testkit.ordered',
        'received.testkit.awaiting_registration',
      ]);
    }
  });

  it('a registered kit says so as the description spells it, and filters as `registered`', async () => {
    const registered = everything.filter((o) => lowLevelOf(o) === 'registered');
    expect(registered.length).toBeGreaterThan(0);
    for (const order of registered) {
      expect(order.last_event.status).toBe('received.testkit.testkit_registered');
      expect(order.patient_details).not.toBeNull();
      expect(order.shipping_details).not.toBeNull();
    }
    const { body } = await get(app, '/v3/orders?status=registered&size=100');
    expect(ordersPageSchema.parse(body).orders.map((o) => o.id)).toEqual(
      registered.map((o) => o.id),
    );
  });

  it('shipped kits carry couriers and tracking; others none', () => {
    const kits = everything.filter((o) => o.details.type === 'testkit');
    const shipped = kits.filter((o) =>
      o.events.some((e) => e.status.endsWith('.transit_customer')),
    );
    expect(shipped.length).toBeGreaterThan(10);
    for (const order of kits) {
      const data = order.details.data as { shipment?: Record<string, unknown> | null } | null;
      if (shipped.includes(order)) {
        const shipment = data?.shipment;
        expect(shipment?.outbound_courier).toMatch(/^(usps|fedex|ups)$/);
        expect(shipment?.outbound_tracking_number).toMatch(/^\d+$/);
        expect(shipment?.outbound_tracking_url).toMatch(/^https:\/\//);
      } else {
        expect(data?.shipment ?? null).toBeNull();
      }
    }
  });

  it('completed orders have an interpretation; some have missing results', () => {
    const done = everything.filter((o) => ['completed', 'corrected'].includes(lowLevelOf(o)));
    expect(done.length).toBeGreaterThan(20);
    for (const order of done)
      expect(['normal', 'abnormal', 'critical']).toContain(order.interpretation);
    expect(new Set(done.map((o) => o.interpretation)).size).toBe(3);
    expect(done.some((o) => o.has_missing_results === true)).toBe(true);
  });

  it("results are expected from the lab test's turnaround, and some open orders are overdue", () => {
    const today = '2026-03-01';
    for (const order of everything) {
      expect(order.expected_result_by_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((order.worst_case_result_by_date ?? '') >= (order.expected_result_by_date ?? '')).toBe(
        true,
      );
    }
    const open = everything.filter(
      (o) => !['completed', 'corrected', 'cancelled', 'do_not_process'].includes(lowLevelOf(o)),
    );
    expect(open.some((o) => (o.worst_case_result_by_date ?? '9') < today)).toBe(true);
  });

  it('status details explain lab_processing_blocked and sample_error', () => {
    const explained = everything.filter((o) =>
      ['lab_processing_blocked', 'sample_error'].includes(lowLevelOf(o)),
    );
    expect(explained.length).toBeGreaterThan(0);
    for (const order of explained)
      expect(order.last_event.status_detail).toEqual(expect.any(String));
  });

  it('orders on the delegated (Labcorp) account name a physician', () => {
    const labcorp = everything.filter((o) => o.lab_test.lab?.slug === 'labcorp');
    expect(labcorp.length).toBeGreaterThan(0);
    for (const order of labcorp) expect(order.physician?.npi).toMatch(/^\d{10}$/);
  });
});
