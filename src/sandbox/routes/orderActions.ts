import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { utcToday } from '../../contract';
import {
  ACTIVATION_CHANGEABLE,
  DRAW_COMPLETABLE,
  communicationSettingsBodySchema,
  updateOrderBodySchema,
} from '../../contract/orderActions';
import { parseRequestPart } from '../http/validation';
import { appendStatus, loadOrder, saveProjection, type StoredOrder } from '../store/lifecycle';
import { findOrder } from '../store/orders';
import type { TrackingContext } from './tracking';

/*
 * Changes to one order (docs/lab-api-facts.md §6; README "Order actions"): a scheduled order's
 * activation date, an on-site draw completed, and the patient's SMS for the order.
 */

const orderPathSchema = z.object({ order_id: z.guid() });
const NOT_FOUND = "This order doesn't exist";
type Outcome = { code: number; body: unknown };
const refuse = (code: number, detail: string): Outcome => ({ code, body: { detail } });

export const orderActionsRoutes: FastifyPluginCallback<TrackingContext> = (app, ctx, done) => {
  const write = <T>(work: () => Promise<T>) => ctx.simulator.exclusive(work);

  const answer = async (orderId: string, message: string): Promise<Outcome> => ({
    code: 200,
    body: {
      order: await findOrder(ctx.db, ctx.teamId, orderId),
      status: 'success',
      message,
    },
  });

  /** Scheduled at creation: it had an activation date then, or has had one since. */
  async function wasScheduled(stored: StoredOrder) {
    if (stored.record.document.activate_by) return true;
    const change = await ctx.db
      .selectFrom('order_activation_change')
      .select('id')
      .where('order_id', '=', stored.record.document.id)
      .executeTakeFirst();
    return change !== undefined;
  }

  app.patch('/v3/order/:order_id', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(updateOrderBodySchema, request.body, 'body');
    const outcome = await write(async (): Promise<Outcome> => {
      const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
      if (!stored) return refuse(404, NOT_FOUND);
      if (!(ACTIVATION_CHANGEABLE as readonly string[]).includes(stored.lowLevel))
        return refuse(
          400,
          `Order is not modifiable: it is ${stored.lowLevel}, and only ordered or awaiting_registration orders can be updated.`,
        );
      if (!(await wasScheduled(stored)))
        return refuse(
          400,
          'Order was created for immediate processing and cannot be scheduled after the fact.',
        );
      const now = ctx.now();
      const today = utcToday(now);
      if (body.activate_by !== null && body.activate_by < today)
        return refuse(400, 'activate_by cannot be in the past.');

      const nowIso = now.toISOString();
      const doc = stored.record.document;
      doc.activate_by = body.activate_by;
      doc.updated_at = nowIso;
      await ctx.db
        .insertInto('order_activation_change')
        .values({ order_id: doc.id, activate_by: body.activate_by, created_at: nowIso })
        .execute();
      // Cleared, or due today: an `ordered` order is dispatched now (a kit awaiting
      // registration keeps waiting for its patient).
      const dispatch = body.activate_by === null || body.activate_by <= today;
      if (dispatch && stored.lowLevel === 'ordered') {
        doc.requisition_form_url = `https://files.example.test/requisitions/${doc.id}.pdf?signature=local`;
        await appendStatus(ctx.db, stored, 'requisition_created', nowIso);
      } else {
        await saveProjection(ctx.db, stored.record);
      }
      return answer(doc.id, body.activate_by === null ? 'Schedule cleared' : 'Order rescheduled');
    });
    return reply.code(outcome.code).send(outcome.body);
  });

  app.patch('/v3/order/:order_id/draw_completed', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const outcome = await write(async (): Promise<Outcome> => {
      const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
      if (!stored) return refuse(404, NOT_FOUND);
      if (stored.record.method !== 'on_site_collection')
        return refuse(400, 'Only on-site collection orders have a draw to mark completed.');
      if (!(DRAW_COMPLETABLE as readonly string[]).includes(stored.lowLevel))
        return refuse(400, `Transition from ${stored.lowLevel} to draw_completed is not allowed.`);
      await appendStatus(ctx.db, stored, 'draw_completed', ctx.now().toISOString());
      return answer(stored.record.document.id, 'Draw completed');
    });
    return reply.code(outcome.code).send(outcome.body);
  });

  const settingsOf = async (orderId: string) => {
    const row = await ctx.db
      .selectFrom('order_communication_setting')
      .select('sms_enabled')
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    // Patients get their SMS unless the team turned them off for the order.
    return { order_id: orderId, sms_enabled: row ? row.sms_enabled === 1 : true };
  };

  app.get('/v3/order/:order_id/communication_settings', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
    if (!stored) return reply.code(404).send({ detail: NOT_FOUND });
    return settingsOf(stored.record.document.id);
  });

  app.patch('/v3/order/:order_id/communication_settings', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(communicationSettingsBodySchema, request.body, 'body');
    const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
    if (!stored) return reply.code(404).send({ detail: NOT_FOUND });
    const orderId = stored.record.document.id;
    const row = { sms_enabled: body.sms_enabled ? 1 : 0, updated_at: ctx.now().toISOString() };
    await ctx.db
      .insertInto('order_communication_setting')
      .values({ order_id: orderId, ...row })
      .onConflict((oc) => oc.column('order_id').doUpdateSet(row))
      .execute();
    return settingsOf(orderId);
  });

  done();
};
