import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LAB_PROXY_PREFIX, can } from '../../contract';
import type { Upstream } from '../config';
import { sendProblem } from '../problem';
import { describeCall, matchCall, type MatchedCall } from '../proxy/allowList';
import { callLabApi, sendLabAnswer } from '../proxy/answer';
import { FORWARDED_REQUEST_HEADERS, pickHeaders } from '../proxy/headers';
import type { LabApiClient } from '../proxy/upstream';
import { AuditTrail } from '../store/audit';
import type { Store } from '../store/database';

export interface LabProxyOptions {
  store: Store;
  upstream: Upstream;
  client: LabApiClient;
}

/**
 * `/api/lab/<Lab API path>`: the allow-listed proxy. The order of checks matters:
 * unknown call → 404, wrong role → 403, both before the Lab API is contacted.
 */
export function labProxyRoutes(fastify: FastifyInstance, opts: LabProxyOptions) {
  const sandbox = opts.upstream.environment !== 'production';
  const trail = new AuditTrail(opts.store.db);

  const audit = async (request: FastifyRequest, matched: MatchedCall, outcome: number) => {
    const target = matched.call.audit;
    if (!target) return;
    const account = request.session?.account;
    // The trail names who did what; an anonymous refusal goes to the log instead.
    if (!account) {
      request.log.warn({ outcome }, 'anonymous call refused');
      return;
    }
    await trail.append({
      at: Date.now(),
      account_id: account.id,
      account_email: account.email,
      role: account.role,
      action: describeCall(matched.call),
      record_type: target.recordType,
      record_id: target.idParam ? (matched.params[target.idParam] ?? null) : null,
      outcome,
      request_id: request.id,
    });
  };

  async function proxy(request: FastifyRequest, reply: FastifyReply) {
    const raw = request.raw.url ?? '';
    const queryAt = raw.indexOf('?');
    const labPath = (queryAt < 0 ? raw : raw.slice(0, queryAt)).slice(LAB_PROXY_PREFIX.length);
    const query = queryAt < 0 ? '' : raw.slice(queryAt);

    const matched = matchCall(request.method, labPath);
    if (!matched || (matched.call.sandboxOnly && !sandbox)) {
      return sendProblem(reply, 404, 'Not found', 'The console does not offer this Lab API call.');
    }
    const role = request.session?.account.role;
    if (!role || !can(role, matched.call.permission)) {
      await audit(request, matched, 403);
      return sendProblem(reply, 403, 'Forbidden', 'Your role does not allow this action.');
    }

    const answer = await callLabApi(
      opts.client,
      {
        method: request.method,
        pathAndQuery: labPath + query,
        headers: pickHeaders(request.headers, FORWARDED_REQUEST_HEADERS),
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      },
      matched.call.answers ?? 'json',
    );
    if (!answer.ok) {
      request.log.warn({ reason: answer.reason, call: describeCall(matched.call) }, answer.title);
    }
    await audit(request, matched, answer.status);
    return sendLabAnswer(reply, answer);
  }

  fastify.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: `${LAB_PROXY_PREFIX}/*`,
    handler: proxy,
  });
}
