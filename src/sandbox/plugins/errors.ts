import fp from 'fastify-plugin';
import { NOT_FOUND_DETAIL } from '../../contract';
import { RequestValidationError } from '../http/validation';

/**
 * The one error handler: 422 in pydantic's shape for invalid requests, `{detail}` for
 * other client errors, and a bare 500 that never shows what went wrong inside.
 */
export const errorsPlugin = fp(
  (app, _options, done) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof RequestValidationError) {
        return reply.code(422).send({ detail: error.detail });
      }
      const status =
        typeof error === 'object' && error !== null && 'statusCode' in error
          ? Number(error.statusCode)
          : 500;
      if (status >= 400 && status < 500) {
        const message = error instanceof Error ? error.message : 'Bad Request';
        return reply.code(status).send({ detail: message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ detail: 'Internal Server Error' });
    });
    // FastAPI answers unknown paths before any authentication, and so does this.
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ detail: NOT_FOUND_DETAIL.route }),
    );
    done();
  },
  { name: 'sandbox-errors' },
);
