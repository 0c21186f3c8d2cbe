import type { FastifyInstance } from 'fastify';
import {
  DELETED_PATIENTS_PATH,
  USER_DELETION_GRACE_DAYS,
  can,
  type DeletedPatient,
} from '../../contract';
import { sendProblem } from '../platform/http/problem';
import { auditCaller } from '../platform/audit/auditCaller';
import { appendAudit } from '../platform/audit/audit';
import type { Store } from '../platform/database/database';
import { recentPatientDeletions } from './patientDeletions';

const GRACE_MS = USER_DELETION_GRACE_DAYS * 24 * 3600 * 1000;

/**
 * `GET /api/patients/deleted`: patients deleted through this console that can still be
 * restored, with the end of their grace period, so an undo never needs a saved address.
 */
export function deletedPatientsRoutes(fastify: FastifyInstance, opts: { store: Store }) {
  fastify.get(DELETED_PATIENTS_PATH, async (request, reply) => {
    // The guard in front of /api has already refused callers without a session.
    const account = request.session?.account;
    if (!account) return sendProblem(reply, 401, 'Unauthorized', 'Sign in to continue.');
    const allowed = can(account.role, 'patients.read');
    const now = Date.now();
    await auditCaller((entry) => appendAudit(opts.store.db, entry), request, {
      action: `GET ${DELETED_PATIENTS_PATH}`,
      recordType: 'patient_list',
      recordId: null,
      outcome: allowed ? 200 : 403,
    });
    if (!allowed) {
      return sendProblem(reply, 403, 'Forbidden', 'Your role does not allow this action.');
    }
    const deletions = await recentPatientDeletions(opts.store.db, now - GRACE_MS);
    reply.header('cache-control', 'no-store');
    const patients: DeletedPatient[] = deletions.map((d) => ({
      user_id: d.userId,
      deleted_at: new Date(d.deletedAt).toISOString(),
      undo_until: new Date(d.deletedAt + GRACE_MS).toISOString(),
      deleted_by: d.deletedBy,
    }));
    return { patients };
  });
}
