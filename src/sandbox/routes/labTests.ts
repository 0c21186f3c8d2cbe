import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { NOT_FOUND_DETAIL, labTestsQuerySchema, markersQuerySchema } from '../../contract';
import { parseRequestPart } from '../http/validation';
import { listLabAccounts } from '../store/labAccounts';
import { findMarkersPage, listLabTests } from '../store/labTests';
import type { RouteContext } from './context';

export const labTestsRoutes: FastifyPluginCallback<RouteContext> = (app, ctx, done) => {
  /** A chosen lab account restricts tests and markers to its lab (description, Endpoints). */
  async function labOfAccount(accountId: string | undefined, reply: FastifyReply) {
    if (!accountId) return { ok: true as const, lab: undefined };
    const [account] = await listLabAccounts(ctx.db, ctx.teamId, { lab_account_id: accountId });
    if (!account) {
      await reply.code(404).send({ detail: NOT_FOUND_DETAIL.labAccount });
      return { ok: false as const };
    }
    return { ok: true as const, lab: String(account.lab) };
  }

  // Deprecated upstream (removal after 1 Oct 2026) but still what the order form reads.
  app.get('/v3/lab_tests', async (request, reply) => {
    const query = parseRequestPart(labTestsQuerySchema, request.query, 'query');
    const account = await labOfAccount(query.lab_account_id, reply);
    if (!account.ok) return reply;
    if (account.lab && query.lab_slug && query.lab_slug !== account.lab) return [];
    return listLabTests(ctx.db, ctx.teamId, { ...query, lab_slug: account.lab ?? query.lab_slug });
  });

  app.get('/v3/lab_tests/markers', async (request, reply) => {
    const query = parseRequestPart(markersQuerySchema, request.query, 'query');
    const account = await labOfAccount(query.lab_account_id, reply);
    if (!account.ok) return reply;
    const labSlug = account.lab ?? query.lab_slug;
    const mismatch = account.lab && query.lab_slug && query.lab_slug !== account.lab;
    // A lab the account does not use has no markers for it: an empty page, not an error.
    return findMarkersPage(ctx.db, { ...query, lab_slug: mismatch ? '\u0000none' : labSlug });
  });
  done();
};
