import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { parseRequestPart } from '../http/validation';
import { PROVIDERS, connectionsOf, providerDetailed, providerWithStatus } from '../seed/providers';
import type { RouteContext } from './context';
import { findLiveTeamUser } from './users';

const userPathSchema = z.object({ user_id: z.guid() });
/** `source_type` is read and not applied: the document does not say what it narrows to. */
const providersQuerySchema = z.object({ source_type: z.string().nullish() });

/** Wearable providers: the list with display names, and a user's connections. */
export const providersRoutes: FastifyPluginCallback<RouteContext> = (app, ctx, done) => {
  app.get('/v2/providers', (request, reply) => {
    parseRequestPart(providersQuerySchema, request.query, 'query');
    return reply.send(PROVIDERS.map(providerDetailed));
  });

  app.get('/v2/user/providers/:user_id', async (request, reply) => {
    const { user_id } = parseRequestPart(userPathSchema, request.params, 'path');
    const user = await findLiveTeamUser(ctx, user_id);
    if (!user.ok) return reply.code(user.outcome.statusCode).send(user.outcome.body);
    const connections = connectionsOf(user.row.id, ctx.now());
    return { providers: connections.map((c) => providerWithStatus(user.row.id, c)) };
  });
  done();
};
