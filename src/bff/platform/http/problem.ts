import type { FastifyReply } from 'fastify';
import type { Problem } from '../../../contract';

/** Every refusal or failure of the BFF itself is RFC 9457 problem JSON. */
export function sendProblem(
  reply: FastifyReply,
  status: number,
  title: string,
  detail?: string,
  /** RFC 9457 extension members, e.g. a `code` the SPA acts on. */
  extensions?: Record<string, string>,
) {
  const body: Problem = {
    type: 'about:blank',
    title,
    status,
    ...(detail ? { detail } : {}),
    ...extensions,
  };
  return reply.status(status).type('application/problem+json').send(body);
}

export const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Sign-in required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timed out',
  413: 'Request body too large',
  414: 'Address too long',
  415: 'Unsupported content type',
  429: 'Too many requests',
  431: 'Request headers too large',
  500: 'Internal error',
  502: 'Lab API unreachable',
  503: 'Service unavailable',
  504: 'Lab API timed out',
};
