import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESULTS_INBOX_COUNT_PATH,
  RESULTS_INBOX_PATH,
  RESULT_ACKNOWLEDGEMENTS_BULK_PATH,
  RESULT_ACKNOWLEDGEMENTS_PATH,
  acknowledgementsResponseSchema,
  inboxCountSchema,
  inboxResponseSchema,
  orderSchema,
  ordersPageSchema,
  parseOrderStatus,
  type Order,
} from '../contract';
import { listAudit } from '../bff/platform/audit/audit';
import { accountEmail, startStack, type Stack } from './stack';

/* The results inbox through the BFF in front of the local Lab API: roles, store, audit. */

let stack: Stack;
let coordinator: string;
let clinician: string;
let otherClinician: string;
let pool: Order[];
const json = { 'content-type': 'application/json' };

function take(status: string): Order {
  const index = pool.findIndex((o) => parseOrderStatus(o.last_event.status).lowLevel === status);
  if (index < 0) throw new Error(`no order in ${status}`);
  return pool.splice(index, 1)[0] as Order;
}

async function simulate(order: Order, interpretation: string, finalStatus?: string) {
  const query = finalStatus ? `&final_status=${finalStatus}` : '';
  const answer = await stack.request(
    coordinator,
    'POST',
    `/api/lab/v3/order/${order.id}/test?delay=0${query}`,
    { headers: json, body: JSON.stringify({ interpretation }) },
  );
  expect(answer.statusCode).toBe(200);
}

async function inbox(cookie: string, query = '') {
  const answer = await stack.request(cookie, 'GET', `${RESULTS_INBOX_PATH}${query}`);
  expect(answer.statusCode).toBe(200);
  return inboxResponseSchema.parse(answer.json());
}

const acknowledge = (cookie: string, body: unknown) =>
  stack.request(cookie, 'POST', RESULT_ACKNOWLEDGEMENTS_PATH, {
    headers: json,
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  stack = await startStack();
  [coordinator, clinician] = await Promise.all([
    stack.signIn('coordinator'),
    stack.signIn('clinician'),
  ]);
  // A second session of the clinicians' team: acknowledgements belong to the team.
  otherClinician = await stack.signIn('clinician');
  const page = await stack.request(
    coordinator,
    'GET',
    '/api/lab/v3/orders?size=100&status=ordered',
  );
  pool = ordersPageSchema.parse(page.json()).orders;
});
afterAll(() => stack.close());

describe('the results inbox', () => {
  it('lists a new critical result first, and an acknowledgement takes it out for the whole team', async () => {
    const order = take('ordered');
    await simulate(order, 'critical');
    const before = await inbox(clinician);
    const first = before.items[0];
    expect(first?.interpretation).toBe('critical');
    const item = before.items.find((i) => i.order_id === order.id);
    expect(item).toMatchObject({ interpretation: 'critical', status: 'completed', overdue: false });
    // Coordinators read the inbox too.
    expect((await inbox(coordinator)).items.map((i) => i.order_id)).toContain(order.id);

    const refused = await acknowledge(coordinator, { order_id: order.id, version: item?.version });
    expect(refused.statusCode).toBe(403);
    // A critical result is acknowledged with a note saying what was done.
    const noNote = await acknowledge(clinician, { order_id: order.id, version: item?.version });
    expect(noNote.statusCode).toBe(409);
    expect((await inbox(clinician)).items.map((i) => i.order_id)).toContain(order.id);

    const done = await acknowledge(clinician, {
      order_id: order.id,
      version: item?.version,
      note: 'Called the patient; repeat in a week.',
    });
    expect(done.statusCode).toBe(201);

    const after = await inbox(otherClinician);
    expect(after.items.map((i) => i.order_id)).not.toContain(order.id);
    expect(after.total).toBe(before.total - 1);

    const acks = await stack.request(
      coordinator,
      'GET',
      `${RESULT_ACKNOWLEDGEMENTS_PATH}?order_id=${order.id}`,
    );
    expect(acknowledgementsResponseSchema.parse(acks.json()).acknowledgements).toEqual([
      expect.objectContaining({
        acknowledged_by: accountEmail('clinician'),
        note: 'Called the patient; repeat in a week.',
        version: item?.version,
      }),
    ]);
    const stored = await stack.store.db.selectFrom('result_acknowledgement').selectAll().execute();
    expect(stored.filter((r) => r.order_id === order.id)).toHaveLength(1);

    const audit = await listAudit(stack.store.db, 1000);
    expect(
      audit.find((r) => r.action === `POST ${RESULT_ACKNOWLEDGEMENTS_PATH}` && r.outcome === 201),
    ).toMatchObject({ role: 'clinician', record_type: 'order', record_id: order.id });
    expect(
      audit.some(
        (r) =>
          r.action === `POST ${RESULT_ACKNOWLEDGEMENTS_PATH}` &&
          r.outcome === 403 &&
          r.role === 'coordinator',
      ),
    ).toBe(true);
    expect(audit.some((r) => r.action === `GET ${RESULTS_INBOX_PATH}` && r.outcome === 200)).toBe(
      true,
    );
  });

  it('refuses to acknowledge an abnormal result in bulk, and a stale version', async () => {
    const abnormal = take('ordered');
    const normal = take('ordered');
    await simulate(abnormal, 'abnormal');
    await simulate(normal, 'normal');
    const { items } = await inbox(clinician);
    const versionOf = (o: Order) => items.find((i) => i.order_id === o.id)?.version ?? '';

    const bulk = (body: unknown) =>
      stack.request(clinician, 'POST', RESULT_ACKNOWLEDGEMENTS_BULK_PATH, {
        headers: json,
        body: JSON.stringify(body),
      });
    const mixed = await bulk({
      items: [
        { order_id: normal.id, version: versionOf(normal) },
        { order_id: abnormal.id, version: versionOf(abnormal) },
      ],
    });
    expect(mixed.statusCode).toBe(409);
    // Nothing of a refused batch is recorded.
    expect((await inbox(clinician)).items.map((i) => i.order_id)).toEqual(
      expect.arrayContaining([normal.id, abnormal.id]),
    );

    const stale = await acknowledge(clinician, { order_id: abnormal.id, version: 'completed:1' });
    expect(stale.statusCode).toBe(409);

    const normals = await bulk({ items: [{ order_id: normal.id, version: versionOf(normal) }] });
    expect(normals.statusCode).toBe(201);
    expect((await inbox(clinician)).items.map((i) => i.order_id)).not.toContain(normal.id);
  });

  it('filters by patient, interpretation and lab test', async () => {
    const all = await inbox(clinician);
    const critical = await inbox(clinician, '?interpretation=critical');
    expect(critical.items.every((i) => i.interpretation === 'critical')).toBe(true);
    expect(critical.total).toBe(all.total);
    const someone = all.items[0];
    if (!someone) throw new Error('the seeded inbox is empty');
    const mine = await inbox(clinician, `?user_id=${someone.user_id}`);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((i) => i.user_id === someone.user_id)).toBe(true);
    const test = await inbox(clinician, `?lab_test_id=${someone.lab_test_id}`);
    expect(test.items.every((i) => i.lab_test_id === someone.lab_test_id)).toBe(true);
    const refused = await stack.request(await stack.signIn('ops'), 'GET', RESULTS_INBOX_PATH);
    expect(refused.statusCode).toBe(403);
  });

  it('reopens an acknowledged result when it is corrected', async () => {
    const order = take('ordered');
    await simulate(order, 'normal');
    const item = (await inbox(clinician)).items.find((i) => i.order_id === order.id);
    expect(
      (await acknowledge(clinician, { order_id: order.id, version: item?.version })).statusCode,
    ).toBe(201);
    expect((await inbox(clinician)).items.map((i) => i.order_id)).not.toContain(order.id);

    const read = await stack.request(clinician, 'GET', `/api/lab/v3/order/${order.id}`);
    const method = parseOrderStatus(orderSchema.parse(read.json()).last_event.status).method;
    await simulate(order, 'abnormal', `completed.${method}.corrected`);
    const reopened = (await inbox(clinician)).items.find((i) => i.order_id === order.id);
    expect(reopened).toMatchObject({ status: 'corrected', reopened: true });
    expect(reopened?.version).not.toBe(item?.version);
  });

  it('answers the polled count without an audit row per poll, while the inbox list audits', async () => {
    const rows = () =>
      stack.store.db
        .selectFrom('audit_event')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => r.n);
    const before = await rows();
    const polls = [];
    for (let i = 0; i < 5; i++) {
      const answer = await stack.request(clinician, 'GET', RESULTS_INBOX_COUNT_PATH);
      expect(answer.statusCode).toBe(200);
      polls.push(inboxCountSchema.strict().parse(answer.json()));
    }
    expect(await rows()).toBe(before);
    const list = await inbox(clinician);
    expect(polls.at(-1)).toEqual({
      total: list.total,
      critical: list.critical,
      overdue: list.overdue,
    });
    expect(await rows()).toBe(before + 1);

    // Still signed-in and role-checked: ops may not read it, and the refusal is audited.
    const ops = await stack.signIn('ops');
    expect((await stack.request(ops, 'GET', RESULTS_INBOX_COUNT_PATH)).statusCode).toBe(403);
    expect((await stack.request(null, 'GET', RESULTS_INBOX_COUNT_PATH)).statusCode).toBe(401);
    const audit = await listAudit(stack.store.db, 10);
    expect(
      audit.some(
        (r) =>
          r.action === `GET ${RESULTS_INBOX_COUNT_PATH}` && r.outcome === 403 && r.role === 'ops',
      ),
    ).toBe(true);
  });
});
