import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TITLES, sendProblem } from '../problem';

/** One error handler: 4xx become problem JSON with a safe title; 5xx detail stays in the log. */
export const errorsPlugin = fp(function errors(fastify: FastifyInstance) {
  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, status, TITLES[status] ?? 'Internal error');
    }
    const detail =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Send JSON with content-type application/json.'
        : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : undefined;
    return sendProblem(reply, status, TITLES[status] ?? 'Request refused', detail);
  });
});
