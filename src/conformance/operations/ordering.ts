import { expect } from 'vitest';
import { COLLECTION_METHODS } from '../../contract';
import {
  createOrder,
  orderRequest,
  registrationRequest,
  testkitRequest,
  MINOR_PATIENT,
  PHOENIX_PATIENT,
  UNKNOWN_MEMBER,
  withUnknownMember,
  without,
} from '../fixtures';
import type { OperationCheck } from '../table';

/* Ordering: new orders, test kits and their registration. */

interface Posted {
  order: { id: string; sample_id: string | null };
}

export const ORDERING: OperationCheck[] = [
  {
    operation: 'POST /v3/order',
    cases: [
      {
        name: 'the new-order form’s walk-in and at-home orders, and a minor’s with a guarantor',
        async run(ctx) {
          await createOrder(ctx, 'walk_in_test');
          await createOrder(ctx, 'at_home_phlebotomy', PHOENIX_PATIENT);
          await createOrder(ctx, 'walk_in_test', MINOR_PATIENT);
        },
      },
      {
        name: 'every collection method can be ordered on an active lab account',
        async run(ctx) {
          for (const method of COLLECTION_METHODS) {
            const order = await createOrder(ctx, method);
            const { body } = await ctx.api.call<{ data: { status: string }[] }>(
              'GET',
              `/v3/lab_test/lab_account?lab_account_id=${String(orderRequest(ctx, method).lab_account_id)}`,
              { expect: 200 },
            );
            expect(body.data.map((a) => a.status)).toEqual(['active']);
            expect(order.last_event.status).toMatch(new RegExp(`\\.${method}\\.`));
          }
        },
      },
      {
        name: 'add-on markers, a scheduled order, demographics and an idempotent replay',
        async run(ctx) {
          const base = orderRequest(ctx, 'walk_in_test');
          await ctx.api.call('POST', '/v3/order', {
            json: {
              ...base,
              order_set: { add_on: { marker_ids: [102, 104] } },
              aoe_answers: null,
              activate_by: '2026-03-20',
              clinical_notes: 'Fasting not required.',
              icd_codes: ['E11.9'],
              patient_details: { ...base.patient_details, race: 'asian', household_size: 3 },
            },
            expect: 200,
          });
          const headers = { 'x-idempotency-key': 'conformance-replay-1' };
          const first = await ctx.api.call<Posted>('POST', '/v3/order', {
            json: base,
            headers,
            expect: 200,
          });
          const again = await ctx.api.call<Posted>('POST', '/v3/order', {
            json: base,
            headers,
            expect: 200,
          });
          if (first.body.order.id !== again.body.order.id)
            throw new Error('the replay made a second order');
        },
      },
      {
        name: 'members the real service ignores are ignored, nullable members take null',
        async run(ctx) {
          const base = orderRequest(ctx, 'walk_in_test');
          await ctx.api.call('POST', '/v3/order', {
            unknownMembers: [UNKNOWN_MEMBER],
            json: {
              ...withUnknownMember(base),
              lab_test_id: null,
              collection_method: null,
              physician: null,
              health_insurance: null,
              icd_codes: null,
              activate_by: null,
              passthrough: null,
              creator_member_id: null,
            },
            expect: 200,
          });
        },
      },
      {
        name: 'a body without patient details is a 422 with ValidationError items',
        async run(ctx) {
          await ctx.api.call('POST', '/v3/order', {
            json: without(orderRequest(ctx, 'walk_in_test'), 'patient_details'),
            expect: 422,
            invalidRequest: true,
          });
        },
      },
      {
        name: 'the description’s POST /v3/order/create alias answers the same shape',
        async run(ctx) {
          await ctx.api.call('POST', '/v3/order/create', {
            json: orderRequest(ctx, 'walk_in_test'),
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'POST /v3/order/testkit',
    cases: [
      {
        name: 'the new-kit form’s unregistered test kit',
        async run({ api }) {
          await api.call('POST', '/v3/order/testkit', { json: testkitRequest(), expect: 200 });
        },
      },
      {
        name: 'a kit without shipping details is a 422',
        async run({ api }) {
          await api.call('POST', '/v3/order/testkit', {
            json: without(testkitRequest(), 'shipping_details'),
            expect: 422,
            invalidRequest: true,
          });
        },
      },
    ],
  },
  {
    operation: 'POST /v3/order/testkit/register',
    cases: [
      {
        name: 'the register-kit form registers a new kit by its sample id',
        async run(ctx) {
          const kit = await ctx.api.call<Posted>('POST', '/v3/order/testkit', {
            json: testkitRequest(),
            expect: 200,
          });
          ctx.taken.add(kit.body.order.id);
          await ctx.api.call('POST', '/v3/order/testkit/register', {
            json: registrationRequest(ctx, kit.body.order.sample_id ?? ''),
            expect: 200,
          });
        },
      },
      {
        name: 'an unknown sample id is a 404 {detail}',
        async run(ctx) {
          await ctx.api.call('POST', '/v3/order/testkit/register', {
            json: registrationRequest(ctx, 'SMP000000000'),
            expect: 404,
          });
        },
      },
    ],
  },
];
