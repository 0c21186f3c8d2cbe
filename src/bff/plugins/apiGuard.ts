import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE, SESSION_PATH } from '../../contract';
import type { ActiveSession, SessionPolicy } from '../store/sessions';
import { resumeSession } from '../store/sessions';
import type { Store } from '../store/database';
import { sendProblem } from '../problem';

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
}

export interface ApiGuardOptions {
  store: Store;
  policy: SessionPolicy;
  cookieName: string;
}

const isApi = (request: FastifyRequest) =>
  request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');

/**
 * Runs before any body is read: every `/api` call needs the anti-forgery header, and
 * every one but signing in needs a live session. API answers are never cached.
 */
export const apiGuardPlugin = fp(function apiGuard(
  fastify: FastifyInstance,
  opts: ApiGuardOptions,
) {
  fastify.decorateRequest('session', null);

  fastify.addHook('onRequest', async (request, reply) => {
    if (!isApi(request)) return;
    reply.header('cache-control', 'no-store');
    if (request.headers[ANTI_FORGERY_HEADER] !== ANTI_FORGERY_VALUE) {
      return sendProblem(reply, 403, 'Forbidden', `Missing the ${ANTI_FORGERY_HEADER} header.`);
    }
    const token = request.cookies[opts.cookieName];
    if (token) request.session = await resumeSession(opts.store.db, token, opts.policy, Date.now());
    const signingIn = request.method === 'POST' && request.url === SESSION_PATH;
    if (!request.session && !signingIn) {
      return sendProblem(reply, 401, 'Sign-in required', 'Your session has ended. Sign in again.');
    }
  });
});
