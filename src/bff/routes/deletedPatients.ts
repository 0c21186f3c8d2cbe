import type { FastifyInstance } from 'fastify';
import {
  DELETED_PATIENTS_PATH,
  USER_DELETION_GRACE_DAYS,
  can,
  type DeletedPatient,
} from '../../contract';
import { sendProblem } from '../problem';
import { appendAudit } from '../store/audit';
import type { Store } from '../store/database';
import { recentPatientDeletions } from '../store/patientDeletions';

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
    await appendAudit(opts.store.db, {
      at: now,
      account_id: account.id,
      account_email: account.email,
      role: account.role,
      action: `GET ${DELETED_PATIENTS_PATH}`,
      record_type: 'patient_list',
      record_id: null,
      outcome: allowed ? 200 : 403,
      request_id: request.id,
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
