import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersPageSchema, type Order } from '../contract';
import { NOW, allOrders, buildTestApp, get, lowLevelOf } from './test/helper';

/*
 * Each filter is checked against the whole list fetched through the API: the filtered
 * answer must be exactly the orders that satisfy the filter's rule, and non-empty, and
 * smaller than the whole list (so a filter that is ignored fails).
 */

let app: FastifyInstance;
let everything: Order[];

beforeAll(async () => {
  app = await buildTestApp();
  everything = await allOrders(app);
});
afterAll(() => app.close());

async function filtered(query: string): Promise<{ ids: string[]; total: number }> {
  const { status, body } = await get(app, `/v3/orders?size=100&${query}`);
  expect(status).toBe(200);
  const page = ordersPageSchema.parse(body);
  return { ids: page.orders.map((o) => o.id), total: page.total ?? -1 };
}

async function expectFilter(query: string, rule: (o: Order) => boolean) {
  // Both lists are in the default order (newest first), so the first page must match.
  const expected = everything.filter(rule).map((o) => o.id);
  expect(expected.length, `the seed has orders for ${query}`).toBeGreaterThan(0);
  expect(expected.length, `${query} leaves some orders out`).toBeLessThan(everything.length);
  const result = await filtered(query);
  expect(result.ids).toEqual(expected.slice(0, 100));
  expect(result.total).toBe(expected.length);
}

const fullName = (o: Order) =>
  o.patient_details ? `${o.patient_details.first_name} ${o.patient_details.last_name}` : '';
const someOrder = () => {
  const order = everything.find((o) => o.patient_details && o.shipping_details === null);
  const details = order?.patient_details;
  // The seed names every registered patient (the document lets names be absent).
  if (!order || !details?.first_name || !details.last_name) {
    throw new Error('no registered, named order in the seed');
  }
  return {
    order,
    patient: { ...details, first_name: details.first_name, last_name: details.last_name },
  };
};

describe('search_input', () => {
  it('finds an order by its id', async () => {
    const { order } = someOrder();
    await expectFilter(`search_input=${order.id}`, (o) => o.id === order.id);
  });

  it("finds a patient's orders by user id", async () => {
    const { order } = someOrder();
    await expectFilter(`search_input=${order.user_id}`, (o) => o.user_id === order.user_id);
  });

  it('finds by part of a patient name, any case', async () => {
    const { patient } = someOrder();
    const part = patient.last_name.slice(1, 5).toUpperCase();
    await expectFilter(`search_input=${encodeURIComponent(part)}`, (o) =>
      [fullName(o), o.shipping_details?.receiver_name ?? ''].some((n) =>
        n.toLowerCase().includes(part.toLowerCase()),
      ),
    );
  });

  it('finds by full name', async () => {
    const { order } = someOrder();
    const name = fullName(order);
    await expectFilter(`search_input=${encodeURIComponent(name)}`, (o) =>
      [fullName(o), o.shipping_details?.receiver_name ?? ''].includes(name),
    );
  });

  it('finds by date of birth', async () => {
    const { patient } = someOrder();
    const dob = patient.dob.slice(0, 10);
    await expectFilter(`search_input=${dob}`, (o) => o.patient_details?.dob.slice(0, 10) === dob);
  });

  it('finds an unregistered kit by its shipping recipient', async () => {
    const kit = everything.find((o) => o.patient_details === null && o.shipping_details);
    const recipient = kit?.shipping_details?.receiver_name ?? 'missing';
    await expectFilter(`search_input=${encodeURIComponent(recipient)}`, (o) =>
      [fullName(o), o.shipping_details?.receiver_name ?? ''].includes(recipient),
    );
  });

  it('finds an order by its sample id, any case', async () => {
    const order = everything.find((o) => o.sample_id);
    const sampleId = order?.sample_id ?? 'missing';
    expect(sampleId).toMatch(/^SMP\d{9}$/);
    await expectFilter(`search_input=${sampleId.toLowerCase()}`, (o) => o.sample_id === sampleId);
  });

  it('finds an order by the start of its id the console prints (8 characters or more)', async () => {
    const { order } = someOrder();
    const short = order.id.slice(0, 8);
    await expectFilter(`search_input=${short.toUpperCase()}`, (o) => o.id.startsWith(short));
    const longer = order.id.slice(0, 13);
    await expectFilter(`search_input=${longer}`, (o) => o.id.startsWith(longer));
    // Fewer than eight would match too many orders to mean one.
    expect((await filtered(`search_input=${order.id.slice(0, 7)}`)).ids).not.toContain(order.id);
  });

  it('treats % and _ as text, not wildcards', async () => {
    expect((await filtered('search_input=%25')).total).toBe(0);
    expect((await filtered('search_input=_')).total).toBe(0);
  });
});

describe('dates', () => {
  const day = (o: Order) => o.created_at.slice(0, 10);

  /** A day on which some order was created after midnight, so the bound's time matters. */
  const busyDay = (index: number) => {
    const order = everything[index];
    expect(order && order.created_at > `${day(order)}T00:00:00.000Z`).toBe(true);
    return order ? day(order) : '';
  };

  it('start_date as a date starts at 00:00:00 (the whole day is in)', async () => {
    const start = busyDay(40);
    await expectFilter(`start_date=${start}`, (o) => day(o) >= start);
  });

  it('end_date as a date ends at 23:59:59 (the whole day is in)', async () => {
    const end = busyDay(120);
    await expectFilter(`end_date=${end}`, (o) => day(o) <= end);
  });

  it('start and end date-times are exact instants, offsets honoured', async () => {
    const from = '2026-02-10T06:00:00+02:00';
    const to = '2026-02-20T12:30:00Z';
    await expectFilter(
      `start_date=${encodeURIComponent(from)}&end_date=${encodeURIComponent(to)}`,
      (o) =>
        Date.parse(o.created_at) >= Date.parse(from) && Date.parse(o.created_at) <= Date.parse(to),
    );
  });

  it('updated_start_date and updated_end_date (a date means 00:00:00, per the spec)', async () => {
    await expectFilter(
      'updated_start_date=2026-02-01&updated_end_date=2026-02-25',
      (o) =>
        o.updated_at >= '2026-02-01T00:00:00.000Z' && o.updated_at <= '2026-02-25T00:00:00.000Z',
    );
  });
});

describe('status, type and results', () => {
  it('status takes several low-level statuses', async () => {
    await expectFilter('status=completed&status=corrected', (o) =>
      ['completed', 'corrected'].includes(lowLevelOf(o)),
    );
  });

  it('order_type takes several methods', async () => {
    await expectFilter('order_type=testkit&order_type=on_site_collection', (o) =>
      ['testkit', 'on_site_collection'].includes(o.details.type),
    );
  });

  it('is_critical true and false', async () => {
    await expectFilter('is_critical=true', (o) => o.interpretation === 'critical');
    await expectFilter('is_critical=false', (o) => o.interpretation !== 'critical');
  });

  it.each(['normal', 'abnormal', 'critical'])('interpretation=%s', async (value) => {
    await expectFilter(`interpretation=${value}`, (o) => o.interpretation === value);
  });

  it('interpretation=null finds orders without one', async () => {
    await expectFilter('interpretation=null', (o) => o.interpretation == null);
  });
});

describe('activation', () => {
  const today = NOW.toISOString().slice(0, 10);

  it('scheduled: activate_by after today, and those are still ordered', async () => {
    await expectFilter('order_activation_types=scheduled', (o) => (o.activate_by ?? '') > today);
    const scheduled = everything.filter((o) => (o.activate_by ?? '') > today);
    expect(scheduled.map(lowLevelOf)).toEqual(scheduled.map(() => 'ordered'));
  });

  it('current: no activate_by, or one that has come', async () => {
    await expectFilter(
      'order_activation_types=current',
      (o) => o.activate_by == null || o.activate_by <= today,
    );
  });

  it('both types together is no filter', async () => {
    const result = await filtered(
      'order_activation_types=current&order_activation_types=scheduled',
    );
    expect(result.total).toBe(everything.length);
  });
});

describe('people and ids', () => {
  it('user_id', async () => {
    const { order } = someOrder();
    await expectFilter(`user_id=${order.user_id}`, (o) => o.user_id === order.user_id);
  });

  it('patient_name matches part of the full name', async () => {
    const { patient } = someOrder();
    const part = `${patient.first_name.slice(-2)} ${patient.last_name.slice(0, 3)}`;
    await expectFilter(`patient_name=${encodeURIComponent(part)}`, (o) =>
      fullName(o).toLowerCase().includes(part.toLowerCase()),
    );
  });

  it('shipping_recipient_name', async () => {
    const kit = everything.find((o) => o.shipping_details);
    const part = kit?.shipping_details?.receiver_name.split(' ')[1] ?? 'missing';
    await expectFilter(`shipping_recipient_name=${encodeURIComponent(part)}`, (o) =>
      (o.shipping_details?.receiver_name ?? '').includes(part),
    );
  });

  it('order_ids takes several ids', async () => {
    const chosen = [everything[3]?.id, everything[70]?.id, everything[150]?.id].filter(
      (id): id is string => id !== undefined,
    );
    expect(chosen).toHaveLength(3);
    await expectFilter(chosen.map((id) => `order_ids=${id}`).join('&'), (o) =>
      chosen.includes(o.id),
    );
  });

  it('order_transaction_id lists the members of a transaction (a redraw has two)', async () => {
    const redraw = everything.find((o) => o.origin === 'redraw');
    const transactionId = redraw?.order_transaction?.id ?? 'missing';
    await expectFilter(
      `order_transaction_id=${transactionId}`,
      (o) => o.order_transaction?.id === transactionId,
    );
    expect((await filtered(`order_transaction_id=${transactionId}`)).total).toBe(2);
  });

  it('filters combine with AND', async () => {
    await expectFilter(
      'order_type=walk_in_test&status=completed&is_critical=false',
      (o) =>
        o.details.type === 'walk_in_test' &&
        lowLevelOf(o) === 'completed' &&
        o.interpretation !== 'critical',
    );
  });
});
