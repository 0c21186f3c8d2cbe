import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LAB_PROXY_PREFIX, can } from '../../contract';
import type { Upstream } from '../platform/labApi/upstream';
import { auditCaller } from '../platform/audit/auditCaller';
import { IdempotencyScope } from './idempotency';
import { sendProblem } from '../platform/http/problem';
import { describeCall, matchCall, type MatchedCall } from './allowList';
import { recordIdInAnswer, recordIdInRequest } from './auditRecord';
import { callLabApi, sendLabAnswer } from '../platform/labApi/answer';
import { FORWARDED_REQUEST_HEADERS, pickHeaders } from '../platform/labApi/headers';
import type { LabApiClient } from '../platform/labApi/upstream';
import { AuditTrail } from '../platform/audit/audit';
import type { Store } from '../platform/database/database';

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
  const idempotency = new IdempotencyScope(
    opts.store,
    // A repeat waits as long as the first call may take, retries included.
    opts.upstream.deadlineMs ?? opts.upstream.timeoutMs,
  );

  const audit = async (
    request: FastifyRequest,
    matched: MatchedCall,
    outcome: number,
    recordId: string | null,
  ) => {
    const target = matched.call.audit;
    if (!target) return;
    await auditCaller((entry) => trail.append(entry), request, {
      action: describeCall(matched.call),
      recordType: target.recordType,
      recordId,
      outcome,
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
    const account = request.session?.account;
    const recordId = recordIdInRequest(matched, query);
    if (!account || !can(account.role, matched.call.permission)) {
      await audit(request, matched, 403, recordId);
      return sendProblem(reply, 403, 'Forbidden', 'Your role does not allow this action.');
    }

    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const scoped = await idempotency.scope(
      account.id,
      pickHeaders(request.headers, FORWARDED_REQUEST_HEADERS),
      { method: request.method, pathAndQuery: labPath + query, body },
    );
    if (scoped.kind === 'refused') {
      await audit(request, matched, scoped.status, recordId);
      if (scoped.status === 409) reply.header('retry-after', '1');
      return sendProblem(reply, scoped.status, scoped.title, scoped.detail);
    }

    const answer = await scoped.during(() =>
      callLabApi(
        opts.client,
        {
          method: request.method,
          pathAndQuery: labPath + query,
          headers: scoped.headers,
          ...(body === undefined ? {} : { body }),
        },
        matched.call.answers ?? 'json',
      ),
    );
    if (!answer.ok) {
      request.log.warn({ reason: answer.reason, call: describeCall(matched.call) }, answer.title);
    }
    const created = answer.ok ? recordIdInAnswer(matched, answer.status, answer.body) : null;
    await audit(request, matched, answer.status, created ?? recordId);
    return sendLabAnswer(reply, answer);
  }

  fastify.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: `${LAB_PROXY_PREFIX}/*`,
    handler: proxy,
  });
}
