import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseRequestPart } from '../http/validation';
import { pathTo } from '../lifecycle/transitions';
import type { SandboxDb } from '../store/database';
import { appendStatus, loadOrder, saveProjection, type StoredOrder } from '../store/lifecycle';
import { announceAppointment } from '../webhooks/announce';
import type { TrackingContext } from './tracking';

/*
 * What at-home phlebotomy and walk-in (patient service centre) appointments share (docs/lab-api-facts.md §4,
 * §8): the latest appointment of an order answers, every change is announced, and the order
 * follows a booking or a cancellation along its state machine. Each kind keeps its own table,
 * so cancelling the order cancels a phlebotomy visit but leaves a walk-in one booked.
 */

export type AppointmentTable = 'phlebotomy_appointment' | 'psc_appointment';

export interface AppointmentDocument extends Record<string, unknown> {
  id: string;
  status: string;
  event_status: string;
  start_at: string | null;
  end_at: string | null;
  can_reschedule: boolean;
  appointment_notes: string | null;
  event_data: Record<string, unknown> | null;
  events: { created_at: string; status: string; data: Record<string, unknown> | null }[];
}

export interface AppointmentOutcome {
  code: number;
  body: unknown;
}

export const refuse = (code: number, detail: string): AppointmentOutcome => ({
  code,
  body: { detail },
});

export const orderPathSchema = z.object({ order_id: z.guid() });
export const NOT_FOUND = "This order doesn't exist.";

export const isLive = (a: AppointmentDocument | undefined): a is AppointmentDocument =>
  a !== undefined && a.status !== 'cancelled' && a.status !== 'completed';

/** Runs a change under the simulator's lock and answers with its outcome. */
export async function answerChange(
  ctx: TrackingContext,
  reply: FastifyReply,
  change: () => Promise<AppointmentOutcome>,
) {
  const outcome = await ctx.simulator.exclusive(change);
  return reply.code(outcome.code).send(outcome.body);
}

export async function latestAppointment(db: SandboxDb, table: AppointmentTable, orderId: string) {
  const row = await db
    .selectFrom(table)
    .select('document')
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? (JSON.parse(row.document) as AppointmentDocument) : undefined;
}

/** The order and its latest appointment, or the 404 of a missing order. */
async function orderAppointment(ctx: TrackingContext, table: AppointmentTable, orderId: string) {
  const stored = await loadOrder(ctx.db, ctx.teamId, orderId);
  if (!stored) return { refusal: refuse(404, NOT_FOUND) } as const;
  const appointment = await latestAppointment(ctx.db, table, stored.record.document.id);
  return { stored, appointment, refusal: undefined };
}

/** Answers the order's latest appointment, or the 404 that names what is missing. */
export async function answerLatestAppointment(
  ctx: TrackingContext,
  table: AppointmentTable,
  request: FastifyRequest,
  reply: FastifyReply,
  missing: string,
) {
  const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
  const found = await orderAppointment(ctx, table, order_id);
  const outcome =
    found.refusal ??
    (found.appointment ? { code: 200, body: found.appointment } : refuse(404, missing));
  return reply.code(outcome.code).send(outcome.body);
}

/** Stores the appointment and announces it (`created` for a new one, else `updated`). */
async function saveAppointment(
  { db, teamId }: TrackingContext,
  table: AppointmentTable,
  stored: StoredOrder,
  doc: AppointmentDocument,
  at: string,
  change: 'created' | 'updated',
) {
  const orderId = stored.record.document.id;
  const document = JSON.stringify(doc);
  if (table === 'psc_appointment') {
    // A centre's slot is looked up by its columns: one patient per slot and centre.
    const columns = {
      site_code: String(doc.provider_id),
      start_at: doc.start_at ?? '',
      status: doc.status,
      document,
    };
    await db
      .insertInto(table)
      .values({ id: doc.id, order_id: orderId, created_at: at, ...columns })
      .onConflict((oc) => oc.column('id').doUpdateSet(columns))
      .execute();
  } else {
    const columns = { status: doc.status, document };
    await db
      .insertInto(table)
      .values({ id: doc.id, order_id: orderId, created_at: at, ...columns })
      .onConflict((oc) => oc.column('id').doUpdateSet(columns))
      .execute();
  }
  await announceAppointment(db, teamId, doc, change);
}

/** Walks the order to `low` along its state machine (booking may start from `ordered`). */
async function walkOrderTo(db: SandboxDb, stored: StoredOrder, low: string, at: string) {
  const path =
    low === stored.lowLevel && low === 'appointment_scheduled'
      ? [low]
      : pathTo(stored.record.method, stored.lowLevel, low);
  for (const step of path ?? []) await appendStatus(db, stored, step, at);
}

/** The fields that tie a new appointment to its order. */
export const newAppointmentOf = (stored: StoredOrder) => ({
  id: randomUUID(),
  user_id: stored.record.document.user_id,
  order_id: stored.record.document.id,
  order_transaction_id: stored.record.orderTransactionId,
});

/**
 * Keeps a new appointment: the order names it and moves to `orderStatus` (or only keeps the
 * name when it is there already, or when `orderStatus` is null), then the appointment is
 * stored and announced.
 */
export async function keepNewAppointment(
  ctx: TrackingContext,
  table: AppointmentTable,
  stored: StoredOrder,
  appointment: AppointmentDocument,
  orderStatus: string | null,
  at: string,
) {
  const details = stored.record.document.details;
  details.data = { ...(details.data ?? {}), appointment_id: appointment.id };
  if (orderStatus === null || stored.lowLevel === orderStatus)
    await saveProjection(ctx.db, stored.record);
  else await walkOrderTo(ctx.db, stored, orderStatus, at);
  await saveAppointment(ctx, table, stored, appointment, at, 'created');
}

/** Applies `changes` and their event to the appointment, then stores and announces it. */
async function changeAppointment(
  ctx: TrackingContext,
  table: AppointmentTable,
  stored: StoredOrder,
  appointment: AppointmentDocument,
  at: string,
  eventStatus: string,
  changes: Partial<AppointmentDocument> & { event_data: Record<string, unknown> },
) {
  Object.assign(appointment, changes, { event_status: eventStatus });
  appointment.events.push({ created_at: at, status: eventStatus, data: changes.event_data });
  await saveAppointment(ctx, table, stored, appointment, at, 'updated');
}

/** Where a reschedule moves the appointment, or why it cannot. */
export type Move =
  | { refusal: AppointmentOutcome }
  | { refusal?: undefined; fields: Partial<AppointmentDocument>; eventStatus: string };

/**
 * Moves the order's live appointment where `place` says; `orderFollows` walks the order's
 * appointment_scheduled → appointment_scheduled arrow, for the kinds that have it.
 */
export async function rescheduleLatest(
  ctx: TrackingContext,
  table: AppointmentTable,
  orderId: string,
  notes: string | null | undefined,
  place: (appointment: AppointmentDocument, now: Date) => Promise<Move> | Move,
  orderFollows: boolean,
): Promise<AppointmentOutcome> {
  const found = await orderAppointment(ctx, table, orderId);
  if (found.refusal) return found.refusal;
  const { stored, appointment } = found;
  if (!isLive(appointment) || !appointment.can_reschedule)
    return refuse(400, 'There is no appointment to reschedule.');
  const now = ctx.now();
  const move = await place(appointment, now);
  if (move.refusal) return move.refusal;
  const at = now.toISOString();
  if (orderFollows) await walkOrderTo(ctx.db, stored, 'appointment_scheduled', at);
  await changeAppointment(ctx, table, stored, appointment, at, move.eventStatus, {
    ...move.fields,
    event_data: { origin: 'api', is_reschedule: true },
    appointment_notes: notes ?? appointment.appointment_notes,
  });
  return { code: 200, body: appointment };
}

export const UNKNOWN_REASON_MESSAGE = 'Value error, not one of the cancellation reasons';

/**
 * A reason id of the right shape that is no reason: the document declares 200 and 422 only
 * for cancel, so it is the body's field that is wrong (pydantic's value_error on that field).
 */
const unknownReason = (field: string, input: string): AppointmentOutcome => ({
  code: 422,
  body: {
    detail: [{ loc: ['body', field], msg: UNKNOWN_REASON_MESSAGE, type: 'value_error', input }],
  },
});

/**
 * Cancels the order's live appointment for one of `reasons`; `data` is the event's.
 * `reasonField` is the body member that named the reason (the two kinds spell it apart).
 */
export async function cancelLatest(
  ctx: TrackingContext,
  table: AppointmentTable,
  orderId: string,
  reasons: readonly { id: string; name: string }[],
  reason: { field: string; id: string },
  data: (reason: string) => Record<string, unknown>,
): Promise<AppointmentOutcome> {
  const found = await orderAppointment(ctx, table, orderId);
  if (found.refusal) return found.refusal;
  const { stored, appointment } = found;
  const known = reasons.find((r) => r.id === reason.id.toLowerCase());
  if (!known) return unknownReason(reason.field, reason.id);
  if (!isLive(appointment)) return refuse(400, 'There is no appointment to cancel.');
  const at = ctx.now().toISOString();
  await changeAppointment(ctx, table, stored, appointment, at, 'cancelled', {
    status: 'cancelled',
    can_reschedule: false,
    event_data: data(known.name),
  });
  // Before the requisition (or after the order's own cancel) the order keeps its status.
  if (['appointment_pending', 'appointment_scheduled'].includes(stored.lowLevel))
    await appendStatus(ctx.db, stored, 'appointment_cancelled', at);
  return { code: 200, body: appointment };
}
