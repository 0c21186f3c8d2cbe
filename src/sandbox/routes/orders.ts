import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NOT_FOUND_DETAIL, ordersQuerySchema } from '../../contract';
import { parseRequestPart } from '../http/validation';
import { findOrder, findOrdersPage } from '../store/orders';
import type { RouteContext } from './context';

// Pydantic's UUID type accepts any 8-4-4-4-12 hex id, whatever its version bits.
const orderPathSchema = z.object({ order_id: z.guid() });

export const ordersRoutes: FastifyPluginCallback<RouteContext> = (app, ctx, done) => {
  const listOrders = async (request: FastifyRequest) => {
    const query = parseRequestPart(ordersQuerySchema, request.query, 'query');
    return findOrdersPage(ctx.db, query, {
      teamId: ctx.teamId,
      today: ctx.now().toISOString().slice(0, 10),
    });
  };
  app.get('/v3/orders', listOrders);
  // The description's name for the same list (facts: precedence rule 1).
  app.get('/orders', listOrders);

  app.get('/v3/order/:order_id', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const order = await findOrder(ctx.db, ctx.teamId, order_id);
    if (!order) return reply.code(404).send({ detail: NOT_FOUND_DETAIL.order });
    return order;
  });
  done();
};
