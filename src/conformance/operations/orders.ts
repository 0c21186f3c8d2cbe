import { UNKNOWN_ID, seededOrder } from '../fixtures';
import type { OperationCheck } from '../table';

/* Reading orders: the list with its filters and the single order. */

export const ORDER_READING: OperationCheck[] = [
  {
    operation: 'GET /v3/orders',
    cases: [
      {
        name: 'every seeded order, page by page',
        async run({ api }) {
          for (let page = 1; ; page++) {
            const { body } = await api.call<{ orders: unknown[] }>(
              'GET',
              `/v3/orders?page=${String(page)}&size=100`,
              { expect: 200 },
            );
            if (body.orders.length < 100) break;
          }
        },
      },
      {
        name: 'filters, sorts and searches as the orders screen asks',
        async run({ api }) {
          const queries = [
            'status=transit_customer&status=completed&order_type=testkit',
            'interpretation=critical&is_critical=true',
            'order_key=patient_name&order_direction=asc&size=20',
            'order_key=last_status&order_direction=desc',
            'order_activation_types=scheduled',
            'search_input=Brightwater',
            'start_date=2026-01-01&end_date=2026-02-28&updated_start_date=2026-01-01',
            'patient_name=ket&shipping_recipient_name=ket',
          ];
          for (const query of queries)
            await api.call('GET', `/v3/orders?${query}`, { expect: 200 });
        },
      },
      {
        name: 'the description’s GET /orders alias answers the same shape',
        async run({ api }) {
          await api.call('GET', '/orders?interpretation=abnormal', { expect: 200 });
        },
      },
      {
        name: 'a page size beyond 100 is a 422 in pydantic’s shape',
        async run({ api }) {
          await api.call('GET', '/v3/orders?size=1000', { expect: 422, invalidRequest: true });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/{order_id}',
    cases: [
      {
        name: 'an order of each collection method, and an unregistered kit',
        async run(ctx) {
          const orders = [
            await seededOrder(ctx, 'testkit', 'transit_customer'),
            await seededOrder(ctx, 'testkit', 'awaiting_registration'),
            await seededOrder(ctx, 'walk_in_test', 'completed'),
            await seededOrder(ctx, 'at_home_phlebotomy', 'appointment_scheduled'),
            await seededOrder(ctx, 'on_site_collection', 'draw_completed'),
          ];
          for (const order of orders) {
            await ctx.api.call('GET', `/v3/order/${order.id}`, { expect: 200 });
          }
        },
      },
      {
        name: 'an unknown order is a 404 {detail}',
        async run({ api }) {
          await api.call('GET', `/v3/order/${UNKNOWN_ID}`, { expect: 404 });
        },
      },
      {
        name: 'an id that is no UUID is a 422',
        async run({ api }) {
          await api.call('GET', '/v3/order/not-a-uuid', { expect: 422, invalidRequest: true });
        },
      },
    ],
  },
];
