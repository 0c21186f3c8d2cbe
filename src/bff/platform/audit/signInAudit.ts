import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { SIGN_IN_RECORD_TYPE, type AuditDetail, type SignInReason } from '../../../contract';
import type { Database } from '../database/schema';
import { appendAudit } from './audit';

export interface SignInEvent {
  /** The e-mail tried (lower-cased), or null when none was given or single sign-on gave none. */
  email: string | null;
  /** The account the e-mail belongs to, when one does; never told to the caller. */
  account: { id: string; role: string } | null;
  outcome: number;
  reason: SignInReason;
  detail?: Omit<AuditDetail, 'reason'>;
  /** When it happened, if not now: a sign-in's row bears the time its account records. */
  at?: number;
}

/**
 * One row per sign-in, failed sign-in, lockout, single sign-on refusal and sign-out: the
 * e-mail tried as the record (so one filter gives every sign-in of an account), the
 * account when one has that e-mail, the client address and the outcome. Never the
 * password. Written by the sign-in routes themselves: nobody is signed in for the access
 * hook to name.
 */
export async function auditSignIn(
  db: Kysely<Database>,
  request: FastifyRequest,
  event: SignInEvent,
): Promise<void> {
  await appendAudit(db, {
    at: event.at ?? Date.now(),
    account_id: event.account?.id ?? null,
    account_email: event.email,
    role: event.account?.role ?? null,
    action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0] ?? ''}`,
    record_type: SIGN_IN_RECORD_TYPE,
    record_id: event.email,
    outcome: event.outcome,
    request_id: request.id,
    client_address: request.ip,
    detail: JSON.stringify({ reason: event.reason, ...event.detail }),
  });
}
