import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import {
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
import type { SandboxDb } from '../store/database';
import { appendStatus, loadOrder, saveProjection, type StoredOrder } from '../store/lifecycle';
import { pathTo } from '../lifecycle/transitions';
import type { TrackingContext } from './tracking';
import { announceAppointment } from '../webhooks/announce';

const orderPathSchema = z.object({ order_id: z.guid() });
const availabilityQuerySchema = z.object({ start_date: z.iso.date().optional() });
const NOT_FOUND = "This order doesn't exist.";

interface AppointmentDocument extends Record<string, unknown> {
  id: string;
  status: string;
  event_status: string;
  start_at: string | null;
  end_at: string | null;
  can_reschedule: boolean;
  appointment_notes: string | null;
  events: { created_at: string; status: string; data: Record<string, unknown> | null }[];
}

async function latestAppointment(db: SandboxDb, orderId: string) {
  const row = await db
    .selectFrom('phlebotomy_appointment')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? (JSON.parse(row.document) as AppointmentDocument) : undefined;
}

const isActive = (a: AppointmentDocument | undefined) =>
  a !== undefined && a.status !== 'cancelled' && a.status !== 'completed';

/** Stores the appointment and announces it (`created` for a new one, else `updated`). */
async function saveAppointment(
  db: SandboxDb,
  teamId: string,
  orderId: string,
  doc: AppointmentDocument,
  at: string,
  change: 'created' | 'updated',
) {
  await db
    .insertInto('phlebotomy_appointment')
    .values({
      id: doc.id,
      order_id: orderId,
      status: doc.status,
      created_at: at,
      document: JSON.stringify(doc),
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ status: doc.status, document: JSON.stringify(doc) }),
    )
    .execute();
  await announceAppointment(db, teamId, doc, change);
}

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

/** Walks the order to `low` along its state machine (booking may start from `ordered`). */
async function walkOrderTo(db: SandboxDb, stored: StoredOrder, low: string, at: string) {
  const path =
    low === stored.lowLevel && low === 'appointment_scheduled'
      ? [low]
      : pathTo(stored.record.method, stored.lowLevel, low);
  for (const step of path ?? []) await appendStatus(db, stored, step, at);
}

function setAppointmentId(stored: StoredOrder, appointmentId: string) {
  const details = stored.record.document.details;
  details.data = { ...(details.data ?? {}), appointment_id: appointmentId };
}

const BOOKABLE = [
  'ordered',
  'requisition_created',
  'requisition_bypassed',
  'appointment_pending',
  'appointment_cancelled',
];

export const phlebotomyRoutes: FastifyPluginCallback<TrackingContext> = (app, ctx, done) => {
  const at = () => ctx.now().toISOString();
  const write = <T>(work: () => Promise<T>) => ctx.simulator.exclusive(work);

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

  app.get('/v3/order/:order_id/phlebotomy/appointment', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
    if (!stored) return reply.code(404).send({ detail: NOT_FOUND });
    const appointment = await latestAppointment(ctx.db, stored.record.document.id);
    if (!appointment)
      return reply.code(404).send({ detail: 'This order has no phlebotomy appointment.' });
    return appointment;
  });

  const newAppointment = (
    stored: StoredOrder,
    fields: Partial<AppointmentDocument> & { provider: string; address: USAddress },
    now: string,
  ): AppointmentDocument => {
    const served = SERVED_ZIPS[fields.address.zip_code.slice(0, 5)];
    return {
      id: randomUUID(),
      user_id: stored.record.document.user_id,
      order_id: stored.record.document.id,
      order_transaction_id: stored.record.orderTransactionId,
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
  };

  app.post('/v3/order/:order_id/phlebotomy/appointment/book', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(bookAppointmentSchema, request.body, 'body');
    const outcome = await write(async () => {
      const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
      if (!stored) return { code: 404, body: { detail: NOT_FOUND } };
      if (stored.record.method !== 'at_home_phlebotomy')
        return { code: 400, body: { detail: 'This order is not an at-home phlebotomy order.' } };
      if (!BOOKABLE.includes(stored.lowLevel))
        return {
          code: 400,
          body: {
            detail: `An appointment cannot be booked while the order is ${stored.lowLevel}.`,
          },
        };
      if (isActive(await latestAppointment(ctx.db, stored.record.document.id)))
        return {
          code: 400,
          body: { detail: 'This order already has an appointment: reschedule it instead.' },
        };
      const slot = decodeBookingKey(body.booking_key);
      if (!slot || slot.provider !== 'getlabs')
        return { code: 400, body: { detail: 'Invalid booking key.' } };
      const now = at();
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
          event_data: { origin: 'api', is_reschedule: false },
          events: [
            { created_at: now, status: 'scheduled', data: { origin: 'api', is_reschedule: false } },
          ],
        },
        now,
      );
      setAppointmentId(stored, appointment.id);
      // The local requisition is immediate, so a booking on an `ordered` order confirms at once.
      await walkOrderTo(ctx.db, stored, 'appointment_scheduled', now);
      await saveAppointment(
        ctx.db,
        ctx.teamId,
        stored.record.document.id,
        appointment,
        now,
        'created',
      );
      return { code: 200, body: appointment };
    });
    return reply.code(outcome.code).send(outcome.body);
  });

  app.post('/v3/order/:order_id/phlebotomy/appointment/request', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(requestAppointmentSchema, request.body, 'body');
    const outcome = await write(async () => {
      const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
      if (!stored) return { code: 404, body: { detail: NOT_FOUND } };
      if (stored.record.method !== 'at_home_phlebotomy')
        return { code: 400, body: { detail: 'This order is not an at-home phlebotomy order.' } };
      const served = SERVED_ZIPS[body.address.zip_code.slice(0, 5)];
      if (served?.tier !== 'appointment-request' || served.provider !== body.provider) {
        return {
          code: 400,
          body: {
            detail: `${body.provider} does not take appointment requests in ZIP code ${body.address.zip_code}.`,
          },
        };
      }
      if (!BOOKABLE.includes(stored.lowLevel))
        return {
          code: 400,
          body: {
            detail: `An appointment cannot be requested while the order is ${stored.lowLevel}.`,
          },
        };
      if (isActive(await latestAppointment(ctx.db, stored.record.document.id)))
        return { code: 400, body: { detail: 'This order already has an appointment.' } };
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
      setAppointmentId(stored, appointment.id);
      if (stored.lowLevel !== 'appointment_pending')
        await walkOrderTo(ctx.db, stored, 'appointment_pending', now);
      else await saveProjection(ctx.db, stored.record);
      await saveAppointment(
        ctx.db,
        ctx.teamId,
        stored.record.document.id,
        appointment,
        now,
        'created',
      );
      return { code: 200, body: appointment };
    });
    return reply.code(outcome.code).send(outcome.body);
  });

  app.patch('/v3/order/:order_id/phlebotomy/appointment/reschedule', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(rescheduleAppointmentSchema, request.body, 'body');
    const outcome = await write(async () => {
      const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
      if (!stored) return { code: 404, body: { detail: NOT_FOUND } };
      const appointment = await latestAppointment(ctx.db, stored.record.document.id);
      if (!appointment || !isActive(appointment) || !appointment.can_reschedule)
        return { code: 400, body: { detail: 'There is no appointment to reschedule.' } };
      const slot = decodeBookingKey(body.booking_key);
      if (!slot || slot.provider !== appointment.provider)
        return { code: 400, body: { detail: 'Invalid booking key.' } };
      const now = at();
      const data = { origin: 'api', is_reschedule: true };
      Object.assign(appointment, {
        start_at: slot.start,
        end_at: slot.end,
        status: 'confirmed',
        event_status: 'scheduled',
        event_data: data,
        appointment_notes: body.appointment_notes ?? appointment.appointment_notes,
      });
      appointment.events.push({ created_at: now, status: 'scheduled', data });
      // A reschedule is the appointment_scheduled → appointment_scheduled arrow (facts §4).
      await walkOrderTo(ctx.db, stored, 'appointment_scheduled', now);
      await saveAppointment(
        ctx.db,
        ctx.teamId,
        stored.record.document.id,
        appointment,
        now,
        'updated',
      );
      return { code: 200, body: appointment };
    });
    return reply.code(outcome.code).send(outcome.body);
  });

  app.patch('/v3/order/:order_id/phlebotomy/appointment/cancel', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(cancelAppointmentSchema, request.body, 'body');
    const outcome = await write(async () => {
      const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
      if (!stored) return { code: 404, body: { detail: NOT_FOUND } };
      const appointment = await latestAppointment(ctx.db, stored.record.document.id);
      if (!appointment || !isActive(appointment))
        return { code: 400, body: { detail: 'There is no appointment to cancel.' } };
      const reasonId = body.cancellation_reason_id.toLowerCase();
      const reason = CANCELLATION_REASONS.find((r) => r.id === reasonId);
      if (!reason) return { code: 400, body: { detail: 'Unknown cancellation reason.' } };
      const now = at();
      const data = { cancellation_reason: reason.name, notes: body.notes ?? null };
      Object.assign(appointment, {
        status: 'cancelled',
        event_status: 'cancelled',
        can_reschedule: false,
        event_data: data,
      });
      appointment.events.push({ created_at: now, status: 'cancelled', data });
      await saveAppointment(
        ctx.db,
        ctx.teamId,
        stored.record.document.id,
        appointment,
        now,
        'updated',
      );
      // Before the requisition the order stays `ordered`; after, it shows the cancellation.
      if (['appointment_pending', 'appointment_scheduled'].includes(stored.lowLevel)) {
        await appendStatus(ctx.db, stored, 'appointment_cancelled', now);
      }
      return { code: 200, body: appointment };
    });
    return reply.code(outcome.code).send(outcome.body);
  });

  done();
};
