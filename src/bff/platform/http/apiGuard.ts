import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  INVITATION_ACCEPT_PATH,
  LIVE_EVENTS_PATH,
  SESSION_END_REASONS,
  SESSION_PATH,
  SIGN_IN_OPTIONS_PATH,
} from '../../../contract';
import type { ActiveSession, SessionPolicy } from '../session/sessions';
import { resumeSession } from '../session/sessions';
import type { Store } from '../database/database';
import { sendProblem } from './problem';
import { crossSiteRefusal } from './crossSite';

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
}

export interface ApiGuardOptions {
  store: Store;
  policy: SessionPolicy;
  cookieName: string;
  /** See `crossSiteRefusal`: PUBLIC_URL's origin, or null in local development. */
  consoleOrigin: string | null;
}

/**
 * The path as the router reads it. The raw URL may spell `/api` percent-encoded
 * (`/%61pi/session`) and still reach an `/api` route, so the guard judges the route
 * that matched, and for unmatched paths the decoded address.
 */
export function routedPath(request: FastifyRequest): string {
  if (request.routeOptions.url !== undefined) return request.routeOptions.url;
  const path = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/** The calls made before anyone is signed in: sign in, its options, setting an invited password. */
const WITHOUT_SESSION = new Set([
  `POST ${SESSION_PATH}`,
  `GET ${SIGN_IN_OPTIONS_PATH}`,
  `POST ${INVITATION_ACCEPT_PATH}`,
]);

/**
 * Runs before any body is read: every `/api` call must come from the console's own
 * origin and carry the anti-forgery header, and every one but signing in needs a live
 * session. API answers are never cached. Refusals here are logged, not audited: no
 * account is known yet, and no patient data was reached.
 */
export const apiGuardPlugin = fp(function apiGuard(
  fastify: FastifyInstance,
  opts: ApiGuardOptions,
) {
  fastify.decorateRequest('session', null);

  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: 401 | 403,
    reason: string,
    detail: string,
  ) => {
    // An ended session is routine; a forged or cross-site call is worth a warning.
    const level = status === 401 ? 'info' : 'warn';
    request.log[level]({ refusal: reason, status }, 'request refused');
    return sendProblem(reply, status, status === 401 ? 'Sign-in required' : 'Forbidden', detail);
  };

  fastify.addHook('onRequest', async (request, reply) => {
    const path = routedPath(request);
    if (!isApi(path)) return;
    reply.header('cache-control', 'no-store');
    const crossSite = crossSiteRefusal(request, opts.consoleOrigin);
    if (crossSite) {
      return refuse(request, reply, 403, crossSite, 'Requests from other sites are refused.');
    }
    // A browser's EventSource cannot add headers. The live stream only reads, and a page
    // on another site is refused above and could not read the answer anyway (no CORS).
    const liveStream = request.method === 'GET' && path === LIVE_EVENTS_PATH;
    if (!liveStream && request.headers[ANTI_FORGERY_HEADER] !== ANTI_FORGERY_VALUE) {
      return refuse(
        request,
        reply,
        403,
        'anti-forgery header missing',
        `Missing the ${ANTI_FORGERY_HEADER} header.`,
      );
    }
    const token = request.cookies[opts.cookieName];
    const resumed = token
      ? await resumeSession(opts.store.db, token, opts.policy, Date.now())
      : null;
    const withoutSession = WITHOUT_SESSION.has(`${request.method} ${path}`);
    if (resumed && 'ended' in resumed) {
      if (!withoutSession) {
        request.log.info(
          { refusal: 'session ended by an admin', reason: resumed.ended },
          'request refused',
        );
        return sendProblem(reply, 401, 'Sign-in required', SESSION_END_REASONS[resumed.ended], {
          code: resumed.ended,
        });
      }
    } else request.session = resumed;
    if (!request.session && !withoutSession) {
      return refuse(
        request,
        reply,
        401,
        'no live session',
        'Your session has ended. Sign in again.',
      );
    }
  });
});
