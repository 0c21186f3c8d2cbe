import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import {
  APPOINTMENT_BOOKABLE_STATUSES,
  bookAppointmentSchema,
  cancelAppointmentSchema,
  requestAppointmentSchema,
  rescheduleAppointmentSchema,
  usAddressSchema,
  type USAddress,
} from '../../contract/appointments';
import { parseRequestPart } from '../http/validation';
import {
  CANCELLATION_REASONS,
  SERVED_ZIPS,
  decodeBookingKey,
  getlabsSlots,
} from '../lifecycle/phlebotomy';
import { loadOrder, type StoredOrder } from '../store/lifecycle';
import {
  NOT_FOUND,
  answerChange,
  answerLatestAppointment,
  cancelLatest,
  isLive,
  keepNewAppointment,
  latestAppointment,
  newAppointmentOf,
  orderPathSchema,
  refuse,
  rescheduleLatest,
  type AppointmentDocument,
} from './appointments';
import type { TrackingContext } from './tracking';

const TABLE = 'phlebotomy_appointment';
const availabilityQuerySchema = z.object({ start_date: z.iso.date().optional() });
const NOT_PHLEBOTOMY = 'This order is not an at-home phlebotomy order.';

function orderAddress(stored: StoredOrder): USAddress {
  const a = stored.record.document.patient_address;
  return {
    first_line: a?.first_line ?? '',
    second_line: a?.second_line ?? null,
    city: a?.city ?? '',
    state: a?.state ?? '',
    zip_code: a?.zip ?? '',
    access_notes: a?.access_notes ?? null,
  };
}

function newAppointment(
  stored: StoredOrder,
  fields: Partial<AppointmentDocument> & { provider: string; address: USAddress },
  now: string,
): AppointmentDocument {
  const served = SERVED_ZIPS[fields.address.zip_code.slice(0, 5)];
  return {
    ...newAppointmentOf(stored),
    location: served?.location ?? null,
    iana_timezone: served?.timezone ?? null,
    type: 'phlebotomy',
    provider_id: `${fields.provider}-${randomUUID().slice(0, 8)}`,
    external_id: `EXT-${randomUUID().slice(0, 6).toUpperCase()}`,
    event_data: null,
    start_at: null,
    end_at: null,
    status: 'pending',
    event_status: 'pending',
    can_reschedule: false,
    appointment_notes: null,
    events: [{ created_at: now, status: 'pending', data: null }],
    ...fields,
  };
}

export const phlebotomyRoutes: FastifyPluginCallback<TrackingContext> = (app, ctx, done) => {
  const at = () => ctx.now().toISOString();

  app.post('/v3/order/phlebotomy/appointment/availability', async (request, reply) => {
    const query = parseRequestPart(availabilityQuerySchema, request.query, 'query');
    const address = parseRequestPart(usAddressSchema, request.body, 'body');
    const served = SERVED_ZIPS[address.zip_code.slice(0, 5)];
    if (!served) {
      return reply
        .code(400)
        .send({ detail: `At-home phlebotomy is not available in ZIP code ${address.zip_code}` });
    }
    // The request tier has no slots to offer: the provider calls the patient.
    const slots =
      served.tier === 'appointment-ready' ? getlabsSlots(ctx.now(), query.start_date) : [];
    return { slots, timezone: served.timezone };
  });

  app.get('/v3/order/phlebotomy/appointment/cancellation-reasons', () => CANCELLATION_REASONS);

  app.get('/v3/order/:order_id/phlebotomy/appointment', (request, reply) =>
    answerLatestAppointment(
      ctx,
      TABLE,
      request,
      reply,
      'This order has no phlebotomy appointment.',
    ),
  );

  app.post('/v3/order/:order_id/phlebotomy/appointment/book', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(bookAppointmentSchema, request.body, 'body');
    return answerChange(ctx, reply, async () => {
      const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
      if (!stored) return refuse(404, NOT_FOUND);
      if (stored.record.method !== 'at_home_phlebotomy') return refuse(400, NOT_PHLEBOTOMY);
      if (!APPOINTMENT_BOOKABLE_STATUSES.includes(stored.lowLevel))
        return refuse(
          400,
          `An appointment cannot be booked while the order is ${stored.lowLevel}.`,
        );
      if (isLive(await latestAppointment(ctx.db, TABLE, stored.record.document.id)))
        return refuse(400, 'This order already has an appointment: reschedule it instead.');
      const slot = decodeBookingKey(body.booking_key);
      if (slot?.provider !== 'getlabs') return refuse(400, 'Invalid booking key.');
      const now = at();
      const data = { origin: 'api', is_reschedule: false };
      const appointment = newAppointment(
        stored,
        {
          provider: 'getlabs',
          address: orderAddress(stored),
          start_at: slot.start,
          end_at: slot.end,
          status: 'confirmed',
          event_status: 'scheduled',
          can_reschedule: true,
          appointment_notes: body.appointment_notes ?? null,
          event_data: data,
          events: [{ created_at: now, status: 'scheduled', data }],
        },
        now,
      );
      // The local requisition is immediate, so a booking on an `ordered` order confirms at once.
      await keepNewAppointment(ctx, TABLE, stored, appointment, 'appointment_scheduled', now);
      return { code: 200, body: appointment };
    });
  });

  app.post('/v3/order/:order_id/phlebotomy/appointment/request', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(requestAppointmentSchema, request.body, 'body');
    return answerChange(ctx, reply, async () => {
      const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
      if (!stored) return refuse(404, NOT_FOUND);
      if (stored.record.method !== 'at_home_phlebotomy') return refuse(400, NOT_PHLEBOTOMY);
      const served = SERVED_ZIPS[body.address.zip_code.slice(0, 5)];
      if (served?.tier !== 'appointment-request' || served.provider !== body.provider) {
        return refuse(
          400,
          `${body.provider} does not take appointment requests in ZIP code ${body.address.zip_code}.`,
        );
      }
      if (!APPOINTMENT_BOOKABLE_STATUSES.includes(stored.lowLevel))
        return refuse(
          400,
          `An appointment cannot be requested while the order is ${stored.lowLevel}.`,
        );
      if (isLive(await latestAppointment(ctx.db, TABLE, stored.record.document.id)))
        return refuse(400, 'This order already has an appointment.');
      const now = at();
      const appointment = newAppointment(
        stored,
        {
          provider: body.provider,
          address: body.address,
          appointment_notes: body.appointment_notes ?? null,
        },
        now,
      );
      await keepNewAppointment(ctx, TABLE, stored, appointment, 'appointment_pending', now);
      return { code: 200, body: appointment };
    });
  });

  app.patch('/v3/order/:order_id/phlebotomy/appointment/reschedule', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(rescheduleAppointmentSchema, request.body, 'body');
    return answerChange(ctx, reply, () =>
      rescheduleLatest(
        ctx,
        TABLE,
        order_id,
        body.appointment_notes,
        (appointment) => {
          const slot = decodeBookingKey(body.booking_key);
          if (!slot || slot.provider !== appointment.provider)
            return { refusal: refuse(400, 'Invalid booking key.') };
          return {
            fields: { start_at: slot.start, end_at: slot.end, status: 'confirmed' },
            eventStatus: 'scheduled',
          };
        },
        // A reschedule is the appointment_scheduled → appointment_scheduled arrow (docs/lab-api-facts.md §4).
        true,
      ),
    );
  });

  app.patch('/v3/order/:order_id/phlebotomy/appointment/cancel', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(cancelAppointmentSchema, request.body, 'body');
    return answerChange(ctx, reply, () =>
      cancelLatest(
        ctx,
        TABLE,
        order_id,
        CANCELLATION_REASONS,
        { field: 'cancellation_reason_id', id: body.cancellation_reason_id },
        (reason) => ({
          cancellation_reason: reason,
          notes: body.notes ?? null,
        }),
      ),
    );
  });

  done();
};
