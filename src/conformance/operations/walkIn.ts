import { expect } from 'vitest';
import { bookAppointmentSchema, rescheduleAppointmentSchema } from '../../contract/appointments';
import {
  communicationSettingsBodySchema,
  updateOrderBodySchema,
} from '../../contract/orderActions';
import { cancelPscAppointmentSchema } from '../../contract/psc';
import {
  AUSTIN_PATIENT,
  UNKNOWN_ID,
  UNKNOWN_MEMBER,
  createOrder,
  seededOrder,
  withUnknownMember,
} from '../fixtures';
import type { ConformanceContext, OperationCheck } from '../table';

/* Walk-in appointments at patient service centres, and the order actions beside cancel. */

const ZIP = AUSTIN_PATIENT.address.zip;

async function bookingKeys(ctx: ConformanceContext): Promise<string[]> {
  const { body } = await ctx.api.call<{ slots: { slots: { booking_key: string }[] }[] }>(
    'POST',
    `/v3/order/psc/appointment/availability?lab=quest&zip_code=${ZIP}&radius=10`,
    { expect: 200 },
  );
  return body.slots.flatMap((day) => day.slots.map((slot) => slot.booking_key));
}

/** A new walk-in order for the Austin patient, booked at the nearest centre. */
async function bookedOrder(ctx: ConformanceContext, slot: number) {
  const order = await createOrder(ctx, 'walk_in_test', AUSTIN_PATIENT);
  const keys = await bookingKeys(ctx);
  await ctx.api.call('POST', `/v3/order/${order.id}/psc/appointment/book`, {
    json: bookAppointmentSchema.parse({ booking_key: keys[slot], appointment_notes: 'Fasting' }),
    expect: 200,
  });
  return order;
}

async function reasonId(ctx: ConformanceContext) {
  const { body } = await ctx.api.call<{ id: string }[]>(
    'GET',
    '/v3/order/psc/appointment/cancellation-reasons',
    { expect: 200 },
  );
  return body[0]?.id ?? '';
}

export const WALK_IN: OperationCheck[] = [
  {
    operation: 'GET /v3/order/area/info',
    cases: [
      {
        name: 'phlebotomy and centres around a ZIP code, for chosen labs too',
        async run({ api }) {
          await api.call('GET', '/v3/order/area/info?zip_code=85004', { expect: 200 });
          await api.call(
            'GET',
            `/v3/order/area/info?zip_code=${ZIP}&radius=50&labs=quest&labs=labcorp`,
            {
              expect: 200,
            },
          );
        },
      },
      {
        name: 'a ZIP code of four digits is a 422',
        async run({ api }) {
          await api.call('GET', '/v3/order/area/info?zip_code=8500', {
            expect: 422,
            invalidRequest: true,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/psc/info',
    cases: [
      {
        name: 'Quest centres near a ZIP code, and those that book through the API',
        async run({ api }) {
          await api.call('GET', `/v3/order/psc/info?zip_code=${ZIP}&lab_id=1`, { expect: 200 });
          await api.call(
            'GET',
            `/v3/order/psc/info?zip_code=${ZIP}&lab_id=1&radius=100&capabilities=appointment_scheduling_via_junction`,
            { expect: 200 },
          );
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/{order_id}/psc/info',
    cases: [
      {
        name: 'the centres of a walk-in order’s lab near its patient',
        async run(ctx) {
          const order = await seededOrder(ctx, 'walk_in_test', 'requisition_created');
          await ctx.api.call('GET', `/v3/order/${order.id}/psc/info?radius=20`, { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'POST /v3/order/psc/appointment/availability',
    cases: [
      {
        name: 'slots near a ZIP code and at chosen centres',
        async run(ctx) {
          await bookingKeys(ctx);
          await ctx.api.call(
            'POST',
            `/v3/order/psc/appointment/availability?lab=quest&site_codes=Q${ZIP}A&site_codes=Q${ZIP}B&allow_stale=true`,
            { expect: 200 },
          );
        },
      },
      {
        name: 'no slots at a centre that takes walk-ins only',
        async run({ api }) {
          await api.call(
            'POST',
            `/v3/order/psc/appointment/availability?lab=quest&site_codes=Q${ZIP}C`,
            {
              expect: 404,
            },
          );
        },
      },
      {
        name: 'a lab that takes no appointments is a 422',
        async run({ api }) {
          await api.call(
            'POST',
            `/v3/order/psc/appointment/availability?lab=labcorp&zip_code=${ZIP}`,
            {
              expect: 422,
              invalidRequest: true,
            },
          );
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/psc/appointment/cancellation-reasons',
    cases: [
      {
        name: 'the reasons the cancel dialog offers',
        async run(ctx) {
          await reasonId(ctx);
        },
      },
    ],
  },
  {
    operation: 'POST /v3/order/{order_id}/psc/appointment/book',
    cases: [
      {
        name: 'a slot booked from the availability',
        async run(ctx) {
          await bookedOrder(ctx, 0);
        },
      },
      {
        name: 'with an idempotency key, null notes and an unknown member',
        async run(ctx) {
          const order = await createOrder(ctx, 'walk_in_test', AUSTIN_PATIENT);
          const keys = await bookingKeys(ctx);
          const request = {
            json: withUnknownMember({ booking_key: keys[1], appointment_notes: null }),
            unknownMembers: [UNKNOWN_MEMBER],
            headers: { 'x-idempotency-key': `conformance-${order.id}` },
            expect: 200,
          };
          await ctx.api.call('POST', `/v3/order/${order.id}/psc/appointment/book`, request);
          await ctx.api.call('POST', `/v3/order/${order.id}/psc/appointment/book`, request);
        },
      },
      {
        name: 'an unknown order is a 404',
        async run(ctx) {
          const keys = await bookingKeys(ctx);
          await ctx.api.call('POST', `/v3/order/${UNKNOWN_ID}/psc/appointment/book`, {
            json: { booking_key: keys[2] },
            expect: 404,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/{order_id}/psc/appointment',
    cases: [
      {
        name: 'the booked appointment',
        async run(ctx) {
          const order = await bookedOrder(ctx, 3);
          await ctx.api.call('GET', `/v3/order/${order.id}/psc/appointment`, { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'PATCH /v3/order/{order_id}/psc/appointment/reschedule',
    cases: [
      {
        name: 'a booked appointment moved to another slot',
        async run(ctx) {
          const order = await bookedOrder(ctx, 4);
          const keys = await bookingKeys(ctx);
          await ctx.api.call('PATCH', `/v3/order/${order.id}/psc/appointment/reschedule`, {
            json: rescheduleAppointmentSchema.parse({ booking_key: keys[6] }),
            expect: 200,
          });
          await ctx.api.call('PATCH', `/v3/order/${order.id}/psc/appointment/reschedule`, {
            json: withUnknownMember({ booking_key: keys[7], appointment_notes: null }),
            unknownMembers: [UNKNOWN_MEMBER],
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'PATCH /v3/order/{order_id}/psc/appointment/cancel',
    cases: [
      {
        name: 'a booked appointment cancelled with a reason (camelCase), and with a null note',
        async run(ctx) {
          const reason = await reasonId(ctx);
          const order = await bookedOrder(ctx, 8);
          await ctx.api.call('PATCH', `/v3/order/${order.id}/psc/appointment/cancel`, {
            json: cancelPscAppointmentSchema.parse({ cancellationReasonId: reason, note: 'Away' }),
            expect: 200,
          });
          const other = await bookedOrder(ctx, 9);
          await ctx.api.call('PATCH', `/v3/order/${other.id}/psc/appointment/cancel`, {
            json: withUnknownMember({ cancellationReasonId: reason, note: null }),
            unknownMembers: [UNKNOWN_MEMBER],
            expect: 200,
          });
        },
      },
      {
        name: 'a well-formed reason id that is no reason is a 422 on cancellationReasonId',
        async run(ctx) {
          const order = await bookedOrder(ctx, 10);
          const { body } = await ctx.api.call<{ detail: { loc: unknown[] }[] }>(
            'PATCH',
            `/v3/order/${order.id}/psc/appointment/cancel`,
            {
              json: cancelPscAppointmentSchema.parse({ cancellationReasonId: UNKNOWN_ID }),
              expect: 422,
            },
          );
          expect(body.detail.map((d) => d.loc)).toEqual([['body', 'cancellationReasonId']]);
        },
      },
      {
        name: 'the phlebotomy spelling of the reason is a 422',
        async run(ctx) {
          const reason = await reasonId(ctx);
          await ctx.api.call('PATCH', `/v3/order/${UNKNOWN_ID}/psc/appointment/cancel`, {
            json: { cancellation_reason_id: reason },
            expect: 422,
            invalidRequest: true,
          });
        },
      },
    ],
  },
  {
    operation: 'PATCH /v3/order/{order_id}',
    cases: [
      {
        name: 'a scheduled order moved, then cleared (dispatched now)',
        async run(ctx) {
          const order = await seededOrder(ctx, 'walk_in_test', 'ordered', (o) =>
            Boolean(o.activate_by),
          );
          const later = new Date(Date.parse(`${ctx.today}T00:00:00Z`) + 20 * 86_400_000)
            .toISOString()
            .slice(0, 10);
          await ctx.api.call('PATCH', `/v3/order/${order.id}`, {
            json: updateOrderBodySchema.parse({ activate_by: later }),
            expect: 200,
          });
          await ctx.api.call('PATCH', `/v3/order/${order.id}`, {
            json: { activate_by: null },
            expect: 200,
          });
        },
      },
      {
        name: 'an order made for immediate processing is a 400, a missing date a 422',
        async run(ctx) {
          const order = await seededOrder(
            ctx,
            'testkit',
            'awaiting_registration',
            (o) => !o.activate_by,
          );
          await ctx.api.call('PATCH', `/v3/order/${order.id}`, {
            json: { activate_by: ctx.today },
            expect: 400,
          });
          await ctx.api.call('PATCH', `/v3/order/${order.id}`, {
            json: {},
            expect: 422,
            invalidRequest: true,
          });
        },
      },
    ],
  },
  {
    operation: 'PATCH /v3/order/{order_id}/draw_completed',
    cases: [
      {
        name: 'an on-site draw completed, and a second time refused',
        async run(ctx) {
          const order = await seededOrder(ctx, 'on_site_collection', 'requisition_created');
          await ctx.api.call('PATCH', `/v3/order/${order.id}/draw_completed`, { expect: 200 });
          await ctx.api.call('PATCH', `/v3/order/${order.id}/draw_completed`, { expect: 400 });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/{order_id}/communication_settings',
    cases: [
      {
        name: 'SMS on by default',
        async run(ctx) {
          const order = await seededOrder(ctx, 'walk_in_test', 'requisition_created');
          await ctx.api.call('GET', `/v3/order/${order.id}/communication_settings`, {
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'PATCH /v3/order/{order_id}/communication_settings',
    cases: [
      {
        name: 'SMS turned off, then on again',
        async run(ctx) {
          const order = await seededOrder(ctx, 'walk_in_test', 'requisition_created');
          const url = `/v3/order/${order.id}/communication_settings`;
          await ctx.api.call('PATCH', url, {
            json: communicationSettingsBodySchema.parse({ sms_enabled: false }),
            expect: 200,
          });
          await ctx.api.call('PATCH', url, {
            json: withUnknownMember({ sms_enabled: true }),
            unknownMembers: [UNKNOWN_MEMBER],
            expect: 200,
          });
        },
      },
    ],
  },
];
