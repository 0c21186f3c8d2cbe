import type { FastifyRequest } from 'fastify';
import type { AuditDetail } from '../../../contract';
import type { AuditEntry } from './audit';

export interface AuditedCall {
  action: string;
  recordType: string;
  recordId: string | null;
  outcome: number;
  /** The patient (Lab API user id) whose data the call reached. */
  patientId?: string | null;
  detail?: AuditDetail | null;
}

/**
 * One audit row for a call: who (the signed-in account), what, which record, and
 * the answer. The trail names people; an anonymous refusal goes to the log instead.
 */
export async function auditCaller(
  append: (entry: AuditEntry) => Promise<void>,
  request: FastifyRequest,
  call: AuditedCall,
): Promise<void> {
  const account = request.session?.account;
  if (!account) {
    request.log.warn({ outcome: call.outcome }, 'anonymous call refused');
    return;
  }
  await append({
    at: Date.now(),
    account_id: account.id,
    account_email: account.email,
    role: account.role,
    action: call.action,
    record_type: call.recordType,
    record_id: call.recordId,
    outcome: call.outcome,
    request_id: request.id,
    patient_id: call.patientId ?? null,
    detail: call.detail ? JSON.stringify(call.detail) : null,
  });
}
