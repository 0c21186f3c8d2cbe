import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { resendEventsSchema } from '../../contract/webhooks';
import { parseRequestPart } from '../http/validation';
import { announceOrder } from '../webhooks/announce';
import type { RouteContext } from './context';

/* Pydantic parses the document's uuid and date-time formats; the contract keeps them strings. */
const bodySchema = resendEventsSchema.extend({
  order_ids: z.array(z.guid()).nullish(),
  start_at: z.iso.datetime({ offset: true }).nullish(),
  end_at: z.iso.datetime({ offset: true }).nullish(),
});

/**
 * `POST /v3/order/resend_events`: each chosen order's current state goes out again as
 * `labtest.order.updated`, as new messages (new svix ids). Chosen = the given ids, and/or
 * the orders updated within start_at..end_at; with neither, nothing is sent.
 */
export const resendEventsRoutes: FastifyPluginCallback<RouteContext> = (app, ctx, done) => {
  app.post('/v3/order/resend_events', async (request) => {
    const body = parseRequestPart(bodySchema, request.body ?? {}, 'body');
    if (!body.order_ids && !body.start_at && !body.end_at) return { order_ids: [] };
    let query = ctx.db
      .selectFrom('lab_order')
      .select('id')
      .where('team_id', '=', ctx.teamId)
      .orderBy('updated_at')
      .orderBy('id');
    if (body.order_ids) {
      const ids = body.order_ids.map((id) => id.toLowerCase());
      if (ids.length === 0) return { order_ids: [] };
      query = query.where('id', 'in', ids);
    }
    // Stored times are UTC ISO strings, so they compare as text once the bounds are too.
    if (body.start_at) query = query.where('updated_at', '>=', utc(body.start_at));
    if (body.end_at) query = query.where('updated_at', '<=', utc(body.end_at));
    const rows = await query.execute();
    for (const row of rows)
      await announceOrder(ctx.db, ctx.teamId, row.id, 'labtest.order.updated');
    return { order_ids: rows.map((row) => row.id) };
  });
  done();
};

const utc = (text: string) => new Date(text).toISOString();
