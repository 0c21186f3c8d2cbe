import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { can } from '../../../contract';
import { routeAuditor } from '../audit/auditCaller';
import { sendProblem, TITLES } from '../http/problem';
import type { Database } from '../database/schema';

export interface AdminAnswer {
  status: number;
  body?: unknown;
  /** The record the call changed or read, when only known after it ran (a created account). */
  recordId?: string | null;
  /** Problem detail for a refusal. */
  detail?: string;
}

/**
 * Runs an administration call: admins only, and one audit row whatever the outcome —
 * a refused non-admin included — written before the answer leaves.
 */
export function adminCall(db: Kysely<Database>) {
  const audit = routeAuditor(db);
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    call: { action: string; recordType: string; recordId: string | null },
    run: () => Promise<AdminAnswer>,
  ) => {
    const role = request.session?.account.role;
    const answer: AdminAnswer =
      role !== undefined && can(role, 'administration')
        ? await run()
        : { status: 403, detail: 'Your role does not allow this action.' };
    const recordId = answer.recordId === undefined ? call.recordId : answer.recordId;
    await audit(request, call.action, call.recordType, recordId, answer.status);
    if (answer.status >= 400) {
      return sendProblem(
        reply,
        answer.status,
        TITLES[answer.status] ?? (answer.status === 409 ? 'Conflict' : 'Refused'),
        answer.detail,
      );
    }
    if (answer.body === undefined) return reply.status(answer.status).send();
    return reply.status(answer.status).send(answer.body);
  };
}
