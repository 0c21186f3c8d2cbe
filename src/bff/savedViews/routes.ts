import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SAVED_VIEWS_MAX, SAVED_VIEWS_PATH, newSavedViewSchema } from '../../contract';
import { sendProblem } from '../platform/http/problem';
import type { Store } from '../platform/database/database';
import { deleteSavedView, listSavedViews, saveView } from './store';

/*
 * `GET/POST /api/views`, `DELETE /api/views/:id`: the signed-in account's saved views of
 * the orders list. Views belong to the orders list, so they need `orders.read`; they hold
 * no patient data, so these calls are not audited (both declared in the route options).
 */
export function savedViewsRoutes(fastify: FastifyInstance, opts: { store: Store }) {
  const views = {
    access: 'orders.read',
    audit: { none: 'a view is a name and the orders list’s filters: no patient data' },
  } as const;
  const owner = (request: FastifyRequest) => {
    const account = request.session?.account;
    // The access hook has refused callers without a session before any handler runs.
    if (!account) throw new Error('saved views reached without a session');
    return account;
  };

  fastify.get(SAVED_VIEWS_PATH, { config: views }, async (request) => {
    const account = owner(request);
    return { views: await listSavedViews(opts.store.db, account.id) };
  });

  fastify.post(SAVED_VIEWS_PATH, { config: views }, async (request, reply) => {
    const account = owner(request);
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

  fastify.delete<{ Params: { id: string } }>(
    `${SAVED_VIEWS_PATH}/:id`,
    { config: views },
    async (request, reply) => {
      const account = owner(request);
      // Another account's view answers as a missing one: its existence is not disclosed.
      const deleted = await deleteSavedView(opts.store.db, account.id, request.params.id);
      if (!deleted) return sendProblem(reply, 404, 'Not found', 'No such view.');
      return reply.status(204).send();
    },
  );
}
