import { expect } from 'vitest';
import {
  createOrder,
  seededOrder,
  simulate,
  UNKNOWN_ID,
  UNKNOWN_MEMBER,
  withUnknownMember,
} from '../fixtures';
import type { OperationCheck } from '../table';

/* Following an order: simulation, cancellation, results and the two PDFs. */

export const TRACKING: OperationCheck[] = [
  {
    operation: 'POST /v3/order/{order_id}/test',
    cases: [
      {
        name: 'the simulate dialog walks a new order to completion',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test');
          await ctx.api.call(
            'POST',
            `/v3/order/${order.id}/test?final_status=completed.walk_in_test.completed&delay=0`,
            {
              json: {
                interpretation: 'abnormal',
                result_types: ['numeric', 'range'],
                has_missing_results: true,
              },
              expect: 200,
            },
          );
        },
      },
      {
        name: 'null flags, an unknown member and no body at all are taken, as FastAPI takes them',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test');
          await ctx.api.call(
            'POST',
            `/v3/order/${order.id}/test?final_status=received.walk_in_test.requisition_created`,
            {
              json: withUnknownMember({
                interpretation: 'normal',
                result_types: null,
                has_missing_results: null,
              }),
              unknownMembers: [UNKNOWN_MEMBER],
              expect: 200,
            },
          );
          const other = await createOrder(ctx, 'walk_in_test');
          await ctx.api.call('POST', `/v3/order/${other.id}/test`, { expect: 200 });
        },
      },
      {
        name: 'an unknown order is a 404',
        async run({ api }) {
          await api.call('POST', `/v3/order/${UNKNOWN_ID}/test`, { json: {}, expect: 404 });
        },
      },
    ],
  },
  {
    operation: 'POST /v3/order/{order_id}/cancel',
    cases: [
      {
        name: 'a new order is cancelled',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test');
          await ctx.api.call('POST', `/v3/order/${order.id}/cancel`, { expect: 200 });
        },
      },
      {
        name: 'a completed order refuses with the transition error',
        async run(ctx) {
          const order = await seededOrder(ctx, 'walk_in_test', 'completed');
          await ctx.api.call('POST', `/v3/order/${order.id}/cancel`, { expect: 400 });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/{order_id}/result',
    cases: [
      {
        name: 'seeded results of every collection method, corrected and partial ones too',
        async run(ctx) {
          const orders = [
            await seededOrder(ctx, 'testkit', 'completed'),
            await seededOrder(ctx, 'testkit', 'corrected'),
            await seededOrder(ctx, 'walk_in_test', 'completed'),
            await seededOrder(ctx, 'walk_in_test', 'partial_results'),
            await seededOrder(ctx, 'at_home_phlebotomy', 'completed'),
            await seededOrder(ctx, 'on_site_collection', 'completed'),
          ];
          for (const order of orders) {
            await ctx.api.call('GET', `/v3/order/${order.id}/result`, { expect: 200 });
          }
        },
      },
      {
        name: 'simulated results with missing markers and a critical value',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test');
          await ctx.api.call('POST', `/v3/order/${order.id}/test?delay=0`, {
            json: { interpretation: 'critical', has_missing_results: true },
            expect: 200,
          });
          await ctx.api.call('GET', `/v3/order/${order.id}/result`, { expect: 200 });
        },
      },
      {
        name: 'an order without results yet is a 404',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test');
          await ctx.api.call('GET', `/v3/order/${order.id}/result`, { expect: 404 });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/{order_id}/result/metadata',
    cases: [
      {
        name: 'the metadata of final, corrected and partial results, the same as the results carry',
        async run(ctx) {
          const corrected = await createOrder(ctx, 'walk_in_test');
          await simulate(ctx, corrected.id, 'completed.walk_in_test.corrected');
          const partial = await createOrder(ctx, 'walk_in_test');
          await simulate(ctx, partial.id, 'sample_with_lab.walk_in_test.partial_results');
          const orders = [
            await seededOrder(ctx, 'at_home_phlebotomy', 'completed'),
            corrected,
            partial,
          ];
          for (const order of orders) {
            const { body } = await ctx.api.call('GET', `/v3/order/${order.id}/result/metadata`, {
              expect: 200,
            });
            const { body: results } = await ctx.api.call<{ metadata: unknown }>(
              'GET',
              `/v3/order/${order.id}/result`,
              { expect: 200 },
            );
            expect(body).toEqual(results.metadata);
          }
        },
      },
      {
        name: 'an order without results yet, or an unknown one, is a 404',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test');
          await ctx.api.call('GET', `/v3/order/${order.id}/result/metadata`, { expect: 404 });
          await ctx.api.call('GET', `/v3/order/${UNKNOWN_ID}/result/metadata`, { expect: 404 });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/{order_id}/result/pdf',
    cases: [
      {
        name: 'the results PDF of a completed order',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test');
          await simulate(ctx, order.id, 'completed.walk_in_test.completed');
          await ctx.api.call('GET', `/v3/order/${order.id}/result/pdf`, { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/{order_id}/requisition/pdf',
    cases: [
      {
        name: 'the requisition PDF of a new order',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test');
          await ctx.api.call('GET', `/v3/order/${order.id}/requisition/pdf`, { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'POST /v3/order/resend_events',
    cases: [
      {
        name: 'an order’s events are sent again, chosen by id or by when it was updated',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test');
          await ctx.api.call('POST', '/v3/order/resend_events', {
            json: { order_ids: [order.id] },
            expect: 200,
          });
          await ctx.api.call('POST', '/v3/order/resend_events', {
            json: {
              order_ids: null,
              start_at: `${ctx.today}T00:00:00Z`,
              end_at: `${ctx.today}T23:59:59.999Z`,
            },
            expect: 200,
          });
        },
      },
    ],
  },
];
