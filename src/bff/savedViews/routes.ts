import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SAVED_VIEWS_MAX, SAVED_VIEWS_PATH, can, newSavedViewSchema } from '../../contract';
import { sendProblem } from '../platform/http/problem';
import type { Store } from '../platform/database/database';
import { deleteSavedView, listSavedViews, saveView } from './store';

/*
 * `GET/POST /api/views`, `DELETE /api/views/:id`: the signed-in account's saved views of
 * the orders list. The /api guard has already checked origin, anti-forgery header and
 * session; views belong to the orders list, so they need `orders.read`. Views hold no
 * patient data, so these calls are not audited.
 */
export function savedViewsRoutes(fastify: FastifyInstance, opts: { store: Store }) {
  const owner = (request: FastifyRequest, reply: FastifyReply) => {
    const account = request.session?.account;
    if (!account) {
      void sendProblem(reply, 401, 'Unauthorized', 'Sign in to continue.');
      return null;
    }
    if (!can(account.role, 'orders.read')) {
      void sendProblem(reply, 403, 'Forbidden', 'Your role does not allow this action.');
      return null;
    }
    return account;
  };

  fastify.get(SAVED_VIEWS_PATH, async (request, reply) => {
    const account = owner(request, reply);
    if (!account) return reply;
    return { views: await listSavedViews(opts.store.db, account.id) };
  });

  fastify.post(SAVED_VIEWS_PATH, async (request, reply) => {
    const account = owner(request, reply);
    if (!account) return reply;
    const parsed = newSavedViewSchema.safeParse(request.body);
    if (!parsed.success) {
      return sendProblem(
        reply,
        400,
        'Bad request',
        'A view is a name of at most 80 characters and the orders list’s filters, without a search text or patient name.',
      );
    }
    const outcome = await saveView(opts.store.db, account.id, parsed.data, Date.now());
    if (outcome.kind === 'too-many') {
      return sendProblem(
        reply,
        409,
        'Too many views',
        `An account keeps at most ${SAVED_VIEWS_MAX} views: delete one first.`,
      );
    }
    return reply.status(201).send(outcome.view);
  });

  fastify.delete<{ Params: { id: string } }>(`${SAVED_VIEWS_PATH}/:id`, async (request, reply) => {
    const account = owner(request, reply);
    if (!account) return reply;
    // Another account's view answers as a missing one: its existence is not disclosed.
    const deleted = await deleteSavedView(opts.store.db, account.id, request.params.id);
    if (!deleted) return sendProblem(reply, 404, 'Not found', 'No such view.');
    return reply.status(204).send();
  });
}
