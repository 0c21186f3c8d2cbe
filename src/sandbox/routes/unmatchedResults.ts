import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import {
  UNMATCHED_RESULT_NOT_FOUND_DETAIL,
  UNMATCHED_RESULTS_NOT_ENABLED_DETAIL,
  acceptUnmatchedResultSchema,
  resolveUnmatchedResultSchema,
  unmatchedResultsQuerySchema,
} from '../../contract';
import { parseRequestPart } from '../http/validation';
import {
  InconsistentReviewError,
  acceptUnmatchedResult,
  resolveUnmatchedResult,
} from '../store/reviewActions';
import {
  BadCursorError,
  findUnmatchedResult,
  findUnmatchedResultDocument,
  findUnmatchedResultsPage,
} from '../store/unmatchedResults';
import type { RouteContext } from './context';

const pathSchema = z.object({ raw_result_id: z.guid() });

export interface UnmatchedResultsContext extends RouteContext {
  /** The closed-beta gate: a team not enabled gets 400 with a text detail (docs/lab-api-facts.md §9). */
  enabled: () => boolean;
}

export const unmatchedResultsRoutes: FastifyPluginCallback<UnmatchedResultsContext> = (
  app,
  ctx,
  done,
) => {
  app.addHook('preHandler', async (_request, reply) => {
    if (!ctx.enabled())
      return reply.code(400).send({ detail: UNMATCHED_RESULTS_NOT_ENABLED_DETAIL });
  });

  app.get('/v3/unmatched_result', async (request, reply) => {
    const query = parseRequestPart(unmatchedResultsQuerySchema, request.query, 'query');
    try {
      return await findUnmatchedResultsPage(ctx.db, ctx.teamId, query);
    } catch (error) {
      if (error instanceof BadCursorError) return reply.code(400).send({ detail: error.message });
      throw error;
    }
  });

  app.get('/v3/unmatched_result/:raw_result_id', async (request, reply) => {
    const { raw_result_id } = parseRequestPart(pathSchema, request.params, 'path');
    const item = await findUnmatchedResult(ctx.db, ctx.teamId, raw_result_id);
    if (!item) return reply.code(404).send({ detail: UNMATCHED_RESULT_NOT_FOUND_DETAIL });
    return item;
  });

  /** The result to act on, or null after answering 404 (unknown or no longer reviewable). */
  const reviewable = async (id: string) => {
    const doc = await findUnmatchedResultDocument(ctx.db, ctx.teamId, id);
    return doc && doc.allowed_actions.length > 0 ? doc : null;
  };

  app.post('/v3/unmatched_result/:raw_result_id/accept', async (request, reply) => {
    const { raw_result_id } = parseRequestPart(pathSchema, request.params, 'path');
    const body = parseRequestPart(acceptUnmatchedResultSchema, request.body ?? {}, 'body');
    const doc = await reviewable(raw_result_id);
    if (!doc) return reply.code(404).send({ detail: UNMATCHED_RESULT_NOT_FOUND_DETAIL });
    try {
      return await acceptUnmatchedResult(ctx.db, ctx.teamId, doc, body, ctx.now());
    } catch (error) {
      if (error instanceof InconsistentReviewError) {
        return reply.code(422).send({ detail: error.message });
      }
      throw error;
    }
  });

  app.post('/v3/unmatched_result/:raw_result_id/resolve', async (request, reply) => {
    const { raw_result_id } = parseRequestPart(pathSchema, request.params, 'path');
    const body = parseRequestPart(resolveUnmatchedResultSchema, request.body ?? {}, 'body');
    const doc = await reviewable(raw_result_id);
    if (!doc) return reply.code(404).send({ detail: UNMATCHED_RESULT_NOT_FOUND_DETAIL });
    try {
      return await resolveUnmatchedResult(ctx.db, doc, body, ctx.now());
    } catch (error) {
      if (error instanceof InconsistentReviewError) {
        return reply.code(422).send({ detail: error.message });
      }
      throw error;
    }
  });
  done();
};
