import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_MESSAGES,
  LABELS_DEFAULT,
  orderTransactionResponseSchema,
  ordersPageSchema,
  parseOrderStatus,
  postOrderResponseSchema,
  type Order,
} from '../contract';
import { labResultsRawSchema } from '../contract/results';
import { listAudit } from '../bff/platform/audit/audit';
import { LAB_ACCOUNTS, LAB_TESTS, PATIENTS } from '../sandbox/seed';
import { startStack, type Stack } from './stack';

/* Order documents, imported orders and order transactions through the BFF in front of the
   local Lab API: who may, what is audited, the state rules and their errors. */

let stack: Stack;
let coordinator: string;
let clinician: string;
let ops: string;
let admin: string;
let orders: Order[];
const json = { 'content-type': 'application/json' };
const low = (o: Order) => parseOrderStatus(o.last_event.status).lowLevel;
const at = encodeURIComponent('2026-03-02T09:30:00Z');

function pick(method: string, status: string): Order {
  const index = orders.findIndex((o) => o.lab_test.method === method && low(o) === status);
  if (index < 0) throw new Error(`no ${method} order in ${status}`);
  return orders.splice(index, 1)[0] as Order;
}

const patient = PATIENTS[5];
const walkIn = LAB_TESTS.find((t) => t.method === 'walk_in_test');
const onSite = LAB_TESTS.find((t) => t.method === 'on_site_collection');
const quest = LAB_ACCOUNTS.find((a) => a.lab === 'quest');
const pending = LAB_ACCOUNTS.find((a) => a.status === 'pending');

function importBody(sampleId: string, overrides: Record<string, unknown> = {}) {
  if (!patient) throw new Error('no seeded patient');
  return JSON.stringify({
    user_id: patient.id,
    billing_type: 'client_bill',
    order_set: { lab_test_ids: [walkIn?.id] },
    collection_method: 'walk_in_test',
    lab_account_id: quest?.id,
    patient_details: {
      first_name: patient.first_name,
      last_name: patient.last_name,
      dob: patient.dob,
      gender: patient.gender,
      phone_number: patient.phone_number,
      email: patient.email,
    },
    patient_address: patient.address,
    sample_id: sampleId,
    ...overrides,
  });
}

beforeAll(async () => {
  stack = await startStack();
  [coordinator, clinician, ops, admin] = await Promise.all([
    stack.signIn('coordinator'),
    stack.signIn('clinician'),
    stack.signIn('ops'),
    stack.signIn('admin'),
  ]);
  const page = await stack.request(coordinator, 'GET', '/api/lab/v3/orders?size=100');
  orders = ordersPageSchema.parse(page.json()).orders;
});
afterAll(() => stack.close());

describe('order documents through the BFF', () => {
  it('prints labels for coordinators and clinicians as a PDF attachment, audited; ops and admins may not', async () => {
    const order = pick('walk_in_test', 'requisition_created');
    const path = `/api/lab/v3/order/${order.id}/labels/pdf?collection_date=${at}`;
    for (const session of [ops, admin]) {
      expect((await stack.request(session, 'GET', path)).statusCode).toBe(403);
    }
    for (const session of [coordinator, clinician]) {
      const pdf = await stack.request(session, 'GET', path);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(
        `attachment; filename="labels-${order.id}.pdf"`,
      );
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // One page per label.
      expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(
        LABELS_DEFAULT,
      );
    }
    const rows = await listAudit(stack.store.db, 1000);
    const label = rows.filter((r) => r.action === 'GET /v3/order/{order_id}/labels/pdf');
    expect(label.map((r) => [r.role, r.outcome, r.record_type, r.record_id])).toEqual(
      expect.arrayContaining([
        ['ops', 403, 'order_labels', order.id],
        ['coordinator', 200, 'order_labels', order.id],
        ['clinician', 200, 'order_labels', order.id],
      ]),
    );
  });

  it('refuses labels without a collection date (422) and for an order with no sample id yet (400)', async () => {
    const order = pick('walk_in_test', 'requisition_created');
    const missing = await stack.request(
      coordinator,
      'GET',
      `/api/lab/v3/order/${order.id}/labels/pdf`,
    );
    expect(missing.statusCode).toBe(422);
    const scheduled = orders.find((o) => low(o) === 'ordered' && o.sample_id === null);
    if (!scheduled) throw new Error('no order without a sample id');
    const early = await stack.request(
      coordinator,
      'GET',
      `/api/lab/v3/order/${scheduled.id}/labels/pdf?collection_date=${at}`,
    );
    expect(early.statusCode).toBe(400);
  });

  it('serves the ABN only when the order has one, and collection instructions per order and per test', async () => {
    const withAbn = orders.find((o) => o.has_abn);
    const withoutAbn = orders.find((o) => !o.has_abn);
    if (!withAbn || !withoutAbn) throw new Error('the seed has orders with and without an ABN');
    const abn = await stack.request(clinician, 'GET', `/api/lab/v3/order/${withAbn.id}/abn_pdf`);
    expect(abn.statusCode).toBe(200);
    expect(abn.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const none = await stack.request(
      clinician,
      'GET',
      `/api/lab/v3/order/${withoutAbn.id}/abn_pdf`,
    );
    expect(none.statusCode).toBe(404);

    const instructions = await stack.request(
      coordinator,
      'GET',
      `/api/lab/v3/order/${withoutAbn.id}/collection_instruction_pdf`,
    );
    expect(instructions.headers['content-type']).toBe('application/pdf');
    // A lab test names no patient: every role may print its instructions, unaudited.
    const byTest = await stack.request(
      ops,
      'GET',
      `/api/lab/v3/lab_test/${onSite?.id ?? ''}/collection_instruction_pdf`,
    );
    expect(byTest.statusCode).toBe(200);
    // Every starter test has instructions; a test that is not the team's has none.
    const walkInTest = await stack.request(
      ops,
      'GET',
      `/api/lab/v3/lab_test/${walkIn?.id ?? ''}/collection_instruction_pdf`,
    );
    expect(walkInTest.statusCode).toBe(200);
    const noneForTest = await stack.request(
      ops,
      'GET',
      '/api/lab/v3/lab_test/4b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10/collection_instruction_pdf',
    );
    expect(noneForTest.statusCode).toBe(404);
    const rows = await listAudit(stack.store.db, 1000);
    expect(rows.some((r) => r.action.includes('/v3/lab_test/{lab_test_id}'))).toBe(false);
    expect(
      rows.find((r) => r.action === 'GET /v3/order/{order_id}/abn_pdf' && r.outcome === 404),
    ).toMatchObject({ role: 'clinician', record_id: withoutAbn.id });
  });
});

describe('imported orders through the BFF', () => {
  it('imports into a pending lab account for coordinators only, audited with the new order', async () => {
    const body = importBody('LAB-IMPORT-1', {
      lab_account_id: pending?.id,
      order_set: { lab_test_ids: [onSite?.id] },
      collection_method: 'on_site_collection',
    });
    expect(
      (await stack.request(clinician, 'POST', '/api/lab/v3/order/import', { headers: json, body }))
        .statusCode,
    ).toBe(403);
    const answer = await stack.request(coordinator, 'POST', '/api/lab/v3/order/import', {
      headers: json,
      body,
    });
    expect(answer.statusCode).toBe(200);
    const { order } = postOrderResponseSchema.parse(answer.json());
    expect(order.sample_id).toBe('LAB-IMPORT-1');
    expect(order.last_event.status).toBe('received.on_site_collection.requisition_created');
    const rows = await listAudit(stack.store.db, 1000);
    expect(
      rows.find((r) => r.action === 'POST /v3/order/import' && r.outcome === 200),
    ).toMatchObject({ role: 'coordinator', record_type: 'order', record_id: order.id });
    expect(rows.some((r) => r.action === 'POST /v3/order/import' && r.outcome === 403)).toBe(true);
  });

  it('refuses a sample id already used, with the message on the field', async () => {
    const first = await stack.request(coordinator, 'POST', '/api/lab/v3/order/import', {
      headers: json,
      body: importBody('LAB-IMPORT-2'),
    });
    expect(first.statusCode).toBe(200);
    const again = await stack.request(coordinator, 'POST', '/api/lab/v3/order/import', {
      headers: json,
      body: importBody('LAB-IMPORT-2'),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      detail: [
        { loc: ['body', 'sample_id'], msg: IMPORT_MESSAGES.sampleIdTaken, type: 'value_error' },
      ],
    });
  });
});

describe('order transactions through the BFF', () => {
  it('reads a redraw family and its combined result; results stay with the clinical roles', async () => {
    const page = await stack.request(
      coordinator,
      'GET',
      '/api/lab/v3/orders?status=redraw_available&size=1',
    );
    const [redraw] = ordersPageSchema.parse(page.json()).orders;
    const id = redraw?.order_transaction?.id;
    if (!id) throw new Error('no seeded redraw family');
    const read = await stack.request(ops, 'GET', `/api/lab/v3/order_transaction/${id}`);
    expect(read.statusCode).toBe(200);
    const transaction = orderTransactionResponseSchema.parse(read.json());
    expect(transaction.orders.map((o) => o.origin)).toEqual(['initial', 'redraw']);
    expect(transaction.orders[1]?.parent_id).toBe(transaction.orders[0]?.id);

    expect(
      (await stack.request(ops, 'GET', `/api/lab/v3/order_transaction/${id}/result`)).statusCode,
    ).toBe(403);
    const combined = await stack.request(
      clinician,
      'GET',
      `/api/lab/v3/order_transaction/${id}/result`,
    );
    expect(combined.statusCode).toBe(200);
    const results = labResultsRawSchema.parse(combined.json());
    // A marker delivered by any attempt is no longer missing.
    const delivered = new Set((results.results as { slug: string }[]).map((r) => r.slug));
    for (const m of (results.missing_results ?? []) as { slug: string }[]) {
      expect(delivered.has(m.slug)).toBe(false);
    }
    const pdf = await stack.request(
      clinician,
      'GET',
      `/api/lab/v3/order_transaction/${id}/result/pdf`,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');

    const rows = await listAudit(stack.store.db, 1000);
    expect(
      rows.find(
        (r) => r.action === 'GET /v3/order_transaction/{transaction_id}' && r.outcome === 200,
      ),
    ).toMatchObject({ role: 'ops', record_type: 'order_transaction', record_id: id });
  });
});
