import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { can, type AuditDetail, type Permission } from '../../../contract';
import { AuditTrail } from '../audit/audit';
import { auditCaller } from '../audit/auditCaller';
import type { Store } from '../database/database';
import { sendProblem } from '../http/problem';

/**
 * Who may call an `/api` route. A permission (or several, all needed) is checked against
 * the session's role; `signedIn` and `public` say in words why no permission applies;
 * `resolve` reads the permission from the request (the proxy's allow-list), and null
 * means the console offers no such call: 404, before anything else happens.
 */
export type Access =
  | Permission
  | readonly Permission[]
  | { signedIn: string }
  | { public: string }
  | { resolve: (request: FastifyRequest) => Permission | null };

/** How one call is written to the audit trail (one row per call, refusals included). */
export interface AuditPlan {
  /** What kind of record was reached: `order`, `patient_list`, `console_account`… */
  recordType: string;
  /** Defaults to the route, `GET /api/…/:id`. */
  action?: string;
  /** Where the record's id comes from in the request; several ids make one row each. */
  recordId?: (request: FastifyRequest) => string | readonly string[] | null;
  /** The patient (Lab API user id) the request names, when it names one. */
  patientId?: (request: FastifyRequest) => string | null;
  /** Successful answers are not audited, for this reason; refusals and failures still are. */
  successNotAudited?: string;
}

/** An audit plan, an explicit "not audited, because …", or either read from the request. */
export type Audit =
  | AuditPlan
  | { none: string }
  | { resolve: (request: FastifyRequest) => AuditPlan | { none: string } };

/** One row a handler writes itself, when a call reaches several records one by one. */
export interface AuditRow {
  outcome: number;
  recordId?: string | null;
  recordType?: string;
  action?: string;
  /** The patient whose data this row's call reached. */
  patientId?: string | null;
  detail?: AuditDetail | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    audit?: Audit;
  }
  interface FastifyRequest {
    /**
     * Writes a row now, with the route's declared action and record type unless given.
     * Once a handler wrote one, the hook adds no row of its own for the call.
     */
    auditRow: (row: AuditRow) => Promise<void>;
    /** The record the call created, known only after it ran: the hook's row names it. */
    auditedRecordId: string | null;
    /** The patient the call reached, known only after it ran (read from the answer). */
    auditedPatientId: string | null;
    /** What the call changed, for the hook's row (an account's before and after). */
    auditedDetail: AuditDetail | null;
  }
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/** Why a route may not be registered: an `/api` route must say who may call it and how it is audited. */
export function undeclared(route: Pick<RouteOptions, 'url' | 'config'>): string | null {
  if (!isApi(route.url)) return null;
  const config = route.config as { access?: unknown; audit?: unknown } | undefined;
  const missing = [
    config?.access === undefined ? 'access' : null,
    config?.audit === undefined ? 'audit' : null,
  ].filter((m) => m !== null);
  return missing.length === 0 ? null : missing.join(' and ');
}

interface CallState {
  plan: AuditPlan | null;
  /** Set once the route's access was judged: only then does the call leave a row. */
  judged: boolean;
  written: boolean;
}

/**
 * The one place `/api` permissions are checked and calls audited. Every `/api` route
 * declares `config: { access, audit }`; one that does not stops the BFF at start-up.
 * Before the handler: the role is checked (a refusal is audited and answered 403).
 * Before the answer leaves: one row with its status, unless the handler wrote its own.
 * Refusals by the `/api` guard (no session, other site) come earlier and are only logged.
 */
export const accessPlugin = fp(function access(fastify: FastifyInstance, opts: { store: Store }) {
  const states = new WeakMap<FastifyRequest, CallState>();
  // Group commit: the rows of requests finishing in the same turn go in one insert.
  const trail = new AuditTrail(opts.store.db);
  const write = (request: FastifyRequest, plan: AuditPlan, row: AuditRow) =>
    auditCaller((entry) => trail.append(entry), request, {
      action: row.action ?? plan.action ?? `${request.method} ${request.routeOptions.url ?? ''}`,
      recordType: row.recordType ?? plan.recordType,
      recordId: row.recordId ?? null,
      outcome: row.outcome,
      patientId: row.patientId ?? request.auditedPatientId ?? plan.patientId?.(request) ?? null,
      detail: row.detail ?? request.auditedDetail,
    });
  const planRows = async (request: FastifyRequest, plan: AuditPlan, outcome: number) => {
    const ids = request.auditedRecordId ?? plan.recordId?.(request) ?? null;
    const each = typeof ids === 'string' || ids === null ? [ids] : ids;
    for (const recordId of each.length === 0 ? [null] : each) {
      await write(request, plan, { outcome, recordId });
    }
  };

  fastify.decorateRequest('auditedRecordId', null);
  fastify.decorateRequest('auditedPatientId', null);
  fastify.decorateRequest('auditedDetail', null);
  fastify.decorateRequest('auditRow', async function auditRow(this: FastifyRequest, row: AuditRow) {
    const state = states.get(this);
    if (!state?.plan)
      throw new Error(`${this.method} ${this.url}: no audit plan to write a row to`);
    state.written = true;
    await write(this, state.plan, row);
  });

  fastify.addHook('onRoute', (route) => {
    const missing = undeclared(route);
    if (missing) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no ${missing}: every /api route says who may call it and how it is audited (docs/bff.md).`,
      );
    }
  });

  fastify.addHook('preHandler', async (request, reply) => {
    const { access, audit } = request.routeOptions.config;
    if (access === undefined || audit === undefined) return;
    if (typeof access === 'object' && 'public' in access) {
      states.set(request, { plan: planOf(audit, request), judged: true, written: false });
      return;
    }
    const account = request.session?.account;
    if (!account) return sendProblem(reply, 401, 'Sign-in required', 'Sign in to continue.');
    let needed: readonly Permission[];
    if (typeof access === 'string') needed = [access];
    else if (Array.isArray(access)) needed = access as readonly Permission[];
    else if ('resolve' in access) {
      const permission = access.resolve(request);
      if (permission === null) {
        return sendProblem(
          reply,
          404,
          'Not found',
          'The console does not offer this Lab API call.',
        );
      }
      needed = [permission];
    } else needed = [];
    const state: CallState = { plan: planOf(audit, request), judged: true, written: false };
    states.set(request, state);
    if (needed.every((permission) => can(account.role, permission))) return;
    if (state.plan) await planRows(request, state.plan, 403);
    state.written = true;
    return sendProblem(reply, 403, 'Forbidden', 'Your role does not allow this action.');
  });

  fastify.addHook('onSend', async (request, reply) => {
    const state = states.get(request);
    if (!state?.judged || state.written || !state.plan) return;
    state.written = true;
    const outcome = reply.statusCode;
    if (state.plan.successNotAudited !== undefined && outcome < 400) return;
    await planRows(request, state.plan, outcome);
  });
});

function planOf(audit: Audit, request: FastifyRequest): AuditPlan | null {
  const plan = 'resolve' in audit ? audit.resolve(request) : audit;
  return 'none' in plan ? null : plan;
}
