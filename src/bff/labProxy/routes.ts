import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LAB_PROXY_PREFIX } from '../../contract';
import type { Upstream } from '../platform/labApi/upstream';
import { IdempotencyScope } from './idempotency';
import type { Access, Audit } from '../platform/access/access';
import { sendProblem } from '../platform/http/problem';
import { describeCall, matchCall } from './allowList';
import { patientInRequest, patientOfCall } from './auditPatient';
import { recordIdInAnswer, recordIdInRequest } from './auditRecord';
import { callLabApi, sendLabAnswer } from '../platform/labApi/answer';
import { FORWARDED_REQUEST_HEADERS, pickHeaders } from '../platform/labApi/headers';
import type { LabApiClient } from '../platform/labApi/upstream';
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
  const idempotency = new IdempotencyScope(
    opts.store,
    // A repeat waits as long as the first call may take, retries included.
    opts.upstream.deadlineMs ?? opts.upstream.timeoutMs,
  );

  /** The Lab API path and query the call asks for, and the allow-list entry that admits it. */
  const asked = (request: FastifyRequest) => {
    const raw = request.raw.url ?? '';
    const queryAt = raw.indexOf('?');
    const labPath = (queryAt < 0 ? raw : raw.slice(0, queryAt)).slice(LAB_PROXY_PREFIX.length);
    const query = queryAt < 0 ? '' : raw.slice(queryAt);
    const found = matchCall(request.method, labPath);
    const matched = found && !(found.call.sandboxOnly && !sandbox) ? found : null;
    return { labPath, query, matched };
  };

  // The allow-list entry decides both: an unknown call is a 404 before any role check.
  const access: Access = { resolve: (request) => asked(request).matched?.call.permission ?? null };
  const audit: Audit = {
    resolve: (request) => {
      const { matched, query } = asked(request);
      const target = matched?.call.audit;
      if (!matched || !target) {
        return { none: 'its allow-list entry reaches no patient record (no `audit` in the entry)' };
      }
      return {
        recordType: target.recordType,
        action: describeCall(matched.call),
        recordId: () => recordIdInRequest(matched, query),
        patientId: () => patientInRequest(matched, query),
      };
    },
  };

  async function proxy(request: FastifyRequest, reply: FastifyReply) {
    const { labPath, query, matched } = asked(request);
    const account = request.session?.account;
    // The access hook answered unknown calls (404) and other roles (403) already.
    if (!matched || !account) {
      return sendProblem(reply, 404, 'Not found', 'The console does not offer this Lab API call.');
    }

    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const scoped = await idempotency.scope(
      account.id,
      pickHeaders(request.headers, FORWARDED_REQUEST_HEADERS),
      { method: request.method, pathAndQuery: labPath + query, body },
    );
    if (scoped.kind === 'refused') {
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
    if (created) request.auditedRecordId = created;
    if (matched.call.audit) {
      request.auditedPatientId = await patientOfCall(opts.store.db, opts.client, {
        matched,
        query,
        status: answer.status,
        body: answer.ok ? answer.body : null,
        json: (matched.call.answers ?? 'json') === 'json',
      });
    }
    return sendLabAnswer(reply, answer);
  }

  fastify.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: `${LAB_PROXY_PREFIX}/*`,
    config: { access, audit },
    handler: proxy,
  });
}
