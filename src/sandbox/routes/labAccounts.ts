import type { FastifyPluginCallback } from 'fastify';
import { labAccountQuerySchema } from '../../contract';
import { parseRequestPart } from '../http/validation';
import { listLabAccounts } from '../store/labAccounts';
import type { RouteContext } from './context';

export const labAccountsRoutes: FastifyPluginCallback<RouteContext> = (app, ctx, done) => {
  app.get('/v3/lab_test/lab_account', async (request) => {
    const query = parseRequestPart(labAccountQuerySchema, request.query, 'query');
    return { data: await listLabAccounts(ctx.db, ctx.teamId, query) };
  });
  done();
};
