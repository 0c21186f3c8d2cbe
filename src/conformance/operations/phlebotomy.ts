import { expect } from 'vitest';
import {
  bookAppointmentSchema,
  cancelAppointmentSchema,
  requestAppointmentSchema,
  rescheduleAppointmentSchema,
  usAddressSchema,
} from '../../contract/appointments';
import type { ConformanceContext } from '../table';
import {
  createOrder,
  ONALASKA_PATIENT,
  PHOENIX_PATIENT,
  UNKNOWN_ID,
  UNKNOWN_MEMBER,
  withUnknownMember,
} from '../fixtures';
import type { OperationCheck } from '../table';

/* At-home phlebotomy: availability, booking, requests, rescheduling and cancelling. */

const addressOf = (who: typeof PHOENIX_PATIENT) =>
  usAddressSchema.parse({
    first_line: who.address.first_line,
    second_line: who.address.second_line,
    city: who.address.city,
    state: who.address.state,
    zip_code: who.address.zip,
    access_notes: 'Ring twice',
  });

async function bookingKeys(ctx: ConformanceContext): Promise<string[]> {
  const { body } = await ctx.api.call<{ slots: { slots: { booking_key: string }[] }[] }>(
    'POST',
    '/v3/order/phlebotomy/appointment/availability',
    { json: addressOf(PHOENIX_PATIENT), expect: 200 },
  );
  return body.slots.flatMap((day) => day.slots.map((slot) => slot.booking_key));
}

/** A new Phoenix phlebotomy order with a booked appointment. */
async function bookedOrder(ctx: ConformanceContext) {
  const order = await createOrder(ctx, 'at_home_phlebotomy', PHOENIX_PATIENT);
  const [key] = await bookingKeys(ctx);
  await ctx.api.call('POST', `/v3/order/${order.id}/phlebotomy/appointment/book`, {
    json: bookAppointmentSchema.parse({ booking_key: key, appointment_notes: 'Side door' }),
    expect: 200,
  });
  return order;
}

export const PHLEBOTOMY: OperationCheck[] = [
  {
    operation: 'POST /v3/order/phlebotomy/appointment/availability',
    cases: [
      {
        name: 'fourteen days of Getlabs slots in 85004, from a start date too',
        async run(ctx) {
          await bookingKeys(ctx);
          await ctx.api.call(
            'POST',
            '/v3/order/phlebotomy/appointment/availability?start_date=2026-03-05',
            {
              json: withUnknownMember({ ...addressOf(PHOENIX_PATIENT), unit: null }),
              unknownMembers: [UNKNOWN_MEMBER],
              expect: 200,
            },
          );
        },
      },
      {
        name: 'no slots where the provider takes requests only (54650)',
        async run({ api }) {
          await api.call('POST', '/v3/order/phlebotomy/appointment/availability', {
            json: addressOf(ONALASKA_PATIENT),
            expect: 200,
          });
        },
      },
      {
        name: 'an address without a ZIP code is a 422',
        async run({ api }) {
          await api.call('POST', '/v3/order/phlebotomy/appointment/availability', {
            json: { first_line: '1 Main St', city: 'Phoenix', state: 'AZ' },
            expect: 422,
            invalidRequest: true,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/phlebotomy/appointment/cancellation-reasons',
    cases: [
      {
        name: 'the reasons the cancel dialog offers',
        async run({ api }) {
          await api.call('GET', '/v3/order/phlebotomy/appointment/cancellation-reasons', {
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'POST /v3/order/{order_id}/phlebotomy/appointment/book',
    cases: [
      {
        name: 'a slot booked from the availability',
        async run(ctx) {
          await bookedOrder(ctx);
        },
      },
      {
        name: 'null notes and time-outs and an unknown member are taken, as FastAPI takes them',
        async run(ctx) {
          const order = await createOrder(ctx, 'at_home_phlebotomy', PHOENIX_PATIENT);
          const [key] = await bookingKeys(ctx);
          await ctx.api.call('POST', `/v3/order/${order.id}/phlebotomy/appointment/book`, {
            json: withUnknownMember({
              booking_key: key,
              appointment_notes: null,
              async_confirmation: false,
              sync_confirmation_timeout_millisecond: null,
              async_confirmation_timeout_millisecond: null,
            }),
            unknownMembers: [UNKNOWN_MEMBER],
            expect: 200,
          });
        },
      },
      {
        name: 'an unknown order is a 404',
        async run(ctx) {
          const [key] = await bookingKeys(ctx);
          await ctx.api.call('POST', `/v3/order/${UNKNOWN_ID}/phlebotomy/appointment/book`, {
            json: { booking_key: key },
            expect: 404,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/order/{order_id}/phlebotomy/appointment',
    cases: [
      {
        name: 'the booked appointment, and a seeded one',
        async run(ctx) {
          const order = await bookedOrder(ctx);
          await ctx.api.call('GET', `/v3/order/${order.id}/phlebotomy/appointment`, {
            expect: 200,
          });
          const { body } = await ctx.api.call<{ orders: { id: string }[] }>(
            'GET',
            '/v3/orders?order_type=at_home_phlebotomy&status=appointment_scheduled&size=5',
            { expect: 200 },
          );
          for (const seeded of body.orders) {
            await ctx.api.call('GET', `/v3/order/${seeded.id}/phlebotomy/appointment`, {
              expect: 200,
            });
          }
        },
      },
    ],
  },
  {
    operation: 'POST /v3/order/{order_id}/phlebotomy/appointment/request',
    cases: [
      {
        name: 'an appointment request to PhlebFinders in 54650',
        async run(ctx) {
          const order = await createOrder(ctx, 'at_home_phlebotomy', ONALASKA_PATIENT);
          await ctx.api.call('POST', `/v3/order/${order.id}/phlebotomy/appointment/request`, {
            json: requestAppointmentSchema.parse({
              address: addressOf(ONALASKA_PATIENT),
              provider: 'phlebfinders',
              appointment_notes: 'Mornings only',
            }),
            expect: 200,
          });
        },
      },
      {
        name: 'null notes and an unknown member are taken',
        async run(ctx) {
          const order = await createOrder(ctx, 'at_home_phlebotomy', ONALASKA_PATIENT);
          await ctx.api.call('POST', `/v3/order/${order.id}/phlebotomy/appointment/request`, {
            json: withUnknownMember({
              address: addressOf(ONALASKA_PATIENT),
              provider: 'phlebfinders',
              appointment_notes: null,
            }),
            unknownMembers: [UNKNOWN_MEMBER],
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'PATCH /v3/order/{order_id}/phlebotomy/appointment/reschedule',
    cases: [
      {
        name: 'a booked appointment moved to another slot',
        async run(ctx) {
          const order = await bookedOrder(ctx);
          const keys = await bookingKeys(ctx);
          await ctx.api.call('PATCH', `/v3/order/${order.id}/phlebotomy/appointment/reschedule`, {
            json: rescheduleAppointmentSchema.parse({ booking_key: keys[3] }),
            expect: 200,
          });
          await ctx.api.call('PATCH', `/v3/order/${order.id}/phlebotomy/appointment/reschedule`, {
            json: withUnknownMember({ booking_key: keys[4], appointment_notes: null }),
            unknownMembers: [UNKNOWN_MEMBER],
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'PATCH /v3/order/{order_id}/phlebotomy/appointment/cancel',
    cases: [
      {
        name: 'a booked appointment cancelled with one of the reasons, and one with null notes',
        async run(ctx) {
          const order = await bookedOrder(ctx);
          const { body } = await ctx.api.call<{ id: string }[]>(
            'GET',
            '/v3/order/phlebotomy/appointment/cancellation-reasons',
            {
              expect: 200,
            },
          );
          const [reason] = body;
          await ctx.api.call('PATCH', `/v3/order/${order.id}/phlebotomy/appointment/cancel`, {
            json: cancelAppointmentSchema.parse({
              cancellation_reason_id: reason?.id,
              notes: 'Moved away',
            }),
            expect: 200,
          });
          const other = await bookedOrder(ctx);
          await ctx.api.call('PATCH', `/v3/order/${other.id}/phlebotomy/appointment/cancel`, {
            json: withUnknownMember({ cancellation_reason_id: reason?.id, notes: null }),
            unknownMembers: [UNKNOWN_MEMBER],
            expect: 200,
          });
        },
      },
      {
        name: 'a well-formed reason id that is no reason is a 422 on that field, and the visit stays',
        async run(ctx) {
          const order = await bookedOrder(ctx);
          const { body } = await ctx.api.call<{ detail: { loc: unknown[] }[] }>(
            'PATCH',
            `/v3/order/${order.id}/phlebotomy/appointment/cancel`,
            {
              json: cancelAppointmentSchema.parse({ cancellation_reason_id: UNKNOWN_ID }),
              expect: 422,
            },
          );
          expect(body.detail.map((d) => d.loc)).toEqual([['body', 'cancellation_reason_id']]);
          const { body: appointment } = await ctx.api.call<{ status: string }>(
            'GET',
            `/v3/order/${order.id}/phlebotomy/appointment`,
            { expect: 200 },
          );
          expect(appointment.status).not.toBe('cancelled');
        },
      },
    ],
  },
];
