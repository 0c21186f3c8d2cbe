import { expect } from 'vitest';
import { importOrderRequestSchemaFor, type CollectionMethod } from '../../contract';
import { LAB_ACCOUNTS, LAB_TESTS } from '../../sandbox/seed';
import { AUSTIN_PATIENT, createOrder, orderRequest, simulate, UNKNOWN_ID } from '../fixtures';
import type { ConformanceContext, OperationCheck } from '../table';

/* An order's papers, imported orders, and order transactions. */

const test = (method: CollectionMethod) => LAB_TESTS.find((t) => t.method === method);
const account = (status: string) => LAB_ACCOUNTS.find((a) => a.status === status);

/** What the import form sends: the patient, the lab's sample id, one starter test. */
function importRequest(ctx: ConformanceContext, sampleId: string, billing = 'client_bill') {
  const who = AUSTIN_PATIENT;
  return importOrderRequestSchemaFor(ctx.today).parse({
    user_id: who.id,
    billing_type: billing,
    order_set: { lab_test_ids: [test('walk_in_test')?.id] },
    collection_method: 'walk_in_test',
    lab_account_id: LAB_ACCOUNTS.find((a) => a.lab === 'quest')?.id,
    patient_details: {
      first_name: who.first_name,
      last_name: who.last_name,
      dob: who.dob,
      gender: who.gender,
      phone_number: who.phone_number,
      email: who.email,
    },
    patient_address: { ...who.address },
    sample_id: sampleId,
  });
}

/** The seeded redraw family's transaction: only read, so several cases may share it. */
async function redrawTransaction(ctx: ConformanceContext) {
  const { body } = await ctx.api.call<{ orders: { order_transaction: { id: string } | null }[] }>(
    'GET',
    '/v3/orders?order_type=walk_in_test&status=redraw_available&size=1',
    { expect: 200 },
  );
  const transaction = body.orders[0]?.order_transaction;
  if (!transaction) throw new Error('no seeded redraw with a transaction');
  return transaction.id;
}

export const ORDER_DOCUMENTS: OperationCheck[] = [
  {
    operation: 'GET /v3/order/{order_id}/labels/pdf',
    cases: [
      {
        name: 'labels of a requisitioned order, three by default and a chosen number',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test');
          const at = encodeURIComponent(`${ctx.today}T09:30:00Z`);
          await ctx.api.call('GET', `/v3/order/${order.id}/labels/pdf?collection_date=${at}`, {
            expect: 200,
          });
          await ctx.api.call(
            'GET',
            `/v3/order/${order.id}/labels/pdf?collection_date=${at}&number_of_labels=5`,
            { expect: 200 },
          );
        },
      },
      {
        name: 'no collection date is a 422; an unknown order a 404',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test');
          await ctx.api.call('GET', `/v3/order/${order.id}/labels/pdf`, { expect: 422 });
          await ctx.api.call(
            'GET',
            `/v3/order/${UNKNOWN_ID}/labels/pdf?collection_date=${ctx.today}T09:30:00Z`,
            { expect: 404 },
          );
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/{order_id}/abn_pdf',
    cases: [
      {
        name: 'the ABN of a patient-billed import, and none for a client-billed order',
        async run(ctx) {
          const { body } = await ctx.api.call<{ order: { id: string } }>(
            'POST',
            '/v3/order/import',
            { json: importRequest(ctx, 'ABN-CONF-1', 'patient_bill'), expect: 200 },
          );
          await ctx.api.call('GET', `/v3/order/${body.order.id}/abn_pdf`, { expect: 200 });
          const other = await createOrder(ctx, 'walk_in_test');
          await ctx.api.call('GET', `/v3/order/${other.id}/abn_pdf`, { expect: 404 });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/{order_id}/collection_instruction_pdf',
    cases: [
      {
        name: 'the instructions of an order; an unknown order is a 404',
        async run(ctx) {
          const order = await createOrder(ctx, 'at_home_phlebotomy');
          await ctx.api.call('GET', `/v3/order/${order.id}/collection_instruction_pdf`, {
            expect: 200,
          });
          await ctx.api.call('GET', `/v3/order/${UNKNOWN_ID}/collection_instruction_pdf`, {
            expect: 404,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/lab_test/{lab_test_id}/collection_instruction_pdf',
    cases: [
      {
        name: 'every starter test says it has instructions, and has them',
        async run({ api }) {
          for (const starter of LAB_TESTS) {
            const { body } = await api.call<{ has_collection_instructions?: boolean | null }>(
              'GET',
              `/v3/lab_tests/${starter.id}`,
              { expect: 200 },
            );
            expect(body.has_collection_instructions, starter.method).toBe(true);
            await api.call('GET', `/v3/lab_test/${starter.id}/collection_instruction_pdf`, {
              expect: 200,
            });
          }
        },
      },
      {
        name: 'an order set made for one order says it has none and has none; an unknown test is a 404',
        async run(ctx) {
          const { body } = await ctx.api.call<{
            order: { id: string; lab_test: { id: string; has_collection_instructions?: boolean } };
          }>('POST', '/v3/order', {
            json: {
              ...orderRequest(ctx, 'walk_in_test'),
              order_set: { add_on: { marker_ids: [102, 104] } },
              aoe_answers: null,
            },
            expect: 200,
          });
          ctx.taken.add(body.order.id);
          expect(body.order.lab_test.has_collection_instructions).toBe(false);
          const generated = body.order.lab_test.id;
          await ctx.api.call('GET', `/v3/lab_test/${generated}/collection_instruction_pdf`, {
            expect: 404,
          });
          await ctx.api.call('GET', `/v3/lab_test/${UNKNOWN_ID}/collection_instruction_pdf`, {
            expect: 404,
          });
        },
      },
    ],
  },
  {
    operation: 'POST /v3/order/import',
    cases: [
      {
        name: 'an order from a paper requisition, into an active and into a pending account',
        async run(ctx) {
          await ctx.api.call('POST', '/v3/order/import', {
            json: importRequest(ctx, 'IMPORT-CONF-1'),
            expect: 200,
          });
          const pending = account('pending');
          // BioReference (lab 3), the pending account's lab, draws the on-site screen.
          const bio = test('on_site_collection');
          if (!pending || !bio) throw new Error('no seeded pending account with a test');
          await ctx.api.call('POST', '/v3/order/import', {
            json: {
              ...importRequest(ctx, 'IMPORT-CONF-2'),
              lab_account_id: pending.id,
              order_set: { lab_test_ids: [bio.id] },
              collection_method: bio.method,
            },
            expect: 200,
          });
        },
      },
      {
        name: 'a sample id used twice and one that is no barcode are 422s',
        async run(ctx) {
          await ctx.api.call('POST', '/v3/order/import', {
            json: importRequest(ctx, 'IMPORT-CONF-3'),
            expect: 200,
          });
          await ctx.api.call('POST', '/v3/order/import', {
            json: importRequest(ctx, 'IMPORT-CONF-3'),
            expect: 422,
          });
          await ctx.api.call('POST', '/v3/order/import', {
            json: { ...importRequest(ctx, 'IMPORT-CONF-4'), sample_id: 'NOT A BARCODE' },
            expect: 422,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order_transaction/{transaction_id}',
    cases: [
      {
        name: 'a redraw’s transaction and a new order’s; an unknown one is a 404',
        async run(ctx) {
          await ctx.api.call('GET', `/v3/order_transaction/${await redrawTransaction(ctx)}`, {
            expect: 200,
          });
          const order = await createOrder(ctx, 'walk_in_test');
          const { body } = await ctx.api.call<{ order_transaction: { id: string } }>(
            'GET',
            `/v3/order/${order.id}`,
            { expect: 200 },
          );
          await ctx.api.call('GET', `/v3/order_transaction/${body.order_transaction.id}`, {
            expect: 200,
          });
          await ctx.api.call('GET', `/v3/order_transaction/${UNKNOWN_ID}`, { expect: 404 });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order_transaction/{transaction_id}/result',
    cases: [
      {
        name: 'the combined result of a redraw family; none yet is a 404',
        async run(ctx) {
          await ctx.api.call(
            'GET',
            `/v3/order_transaction/${await redrawTransaction(ctx)}/result`,
            {
              expect: 200,
            },
          );
          const order = await createOrder(ctx, 'walk_in_test');
          const { body } = await ctx.api.call<{ order_transaction: { id: string } }>(
            'GET',
            `/v3/order/${order.id}`,
            { expect: 200 },
          );
          await ctx.api.call('GET', `/v3/order_transaction/${body.order_transaction.id}/result`, {
            expect: 404,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order_transaction/{transaction_id}/result/pdf',
    cases: [
      {
        name: 'the combined result PDF of a completed order’s transaction',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test');
          await simulate(ctx, order.id, 'completed.walk_in_test.completed');
          const { body } = await ctx.api.call<{ order_transaction: { id: string } }>(
            'GET',
            `/v3/order/${order.id}`,
            { expect: 200 },
          );
          await ctx.api.call(
            'GET',
            `/v3/order_transaction/${body.order_transaction.id}/result/pdf`,
            { expect: 200 },
          );
        },
      },
    ],
  },
];
