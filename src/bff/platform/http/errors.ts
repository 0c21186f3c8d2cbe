import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TITLES, sendProblem } from './problem';

/** Where a request the router refused is sent again, to be answered by the hooks below. */
const REFUSED_BY_ROUTER_PATH = '/__refused-by-router';
const refusedByRouter = new WeakMap<IncomingMessage, FastifyError>();

/**
 * Fastify's `frameworkErrors`: the router refuses a malformed address (`/api/%zz`) before
 * any hook runs, so its answer would lack the security headers and come in Fastify's own
 * shape. The request is routed again to a route of ours, which goes through every hook
 * (security headers, logging) and answers with the error handler below.
 */
export function routeFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  refusedByRouter.set(request.raw, error);
  request.raw.url = REFUSED_BY_ROUTER_PATH;
  request.server.routing(request.raw, reply.raw);
}

/**
 * Fastify's `clientErrorHandler`: bytes Node cannot parse as HTTP never become a request,
 * so no hook runs. The answer is written on the socket, still as problem JSON and with
 * the headers that keep a browser from rendering, framing or sniffing it.
 */
export function answerUnparsableRequest(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : 400;
  const body = JSON.stringify({
    type: 'about:blank',
    title: TITLES[status] ?? STATUS_CODES[status] ?? 'Bad request',
    status,
  });
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
        'Content-Type: application/problem+json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
        'X-Content-Type-Options: nosniff',
        'X-Frame-Options: DENY',
        'Referrer-Policy: no-referrer',
        'Strict-Transport-Security: max-age=63072000; includeSubDomains',
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

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
          : error.code === 'FST_ERR_BAD_URL'
            ? 'The address is not a valid URL.'
            : undefined;
    return sendProblem(reply, status, TITLES[status] ?? 'Request refused', detail);
  });

  fastify.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: REFUSED_BY_ROUTER_PATH,
    // Answered in onRequest, after the global hooks and before any body is read. The
    // address no longer reads /api here, so the guard's no-store is set again.
    onRequest: (request, reply, done) => {
      reply.header('cache-control', 'no-store');
      done(
        refusedByRouter.get(request.raw) ??
          Object.assign(new Error('Not found'), { statusCode: 404 }),
      );
    },
    handler: () => undefined,
  });
});
