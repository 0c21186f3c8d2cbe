import type { FastifyInstance } from 'fastify';
import {
  DELETED_PATIENTS_PATH,
  USER_DELETION_GRACE_DAYS,
  type DeletedPatient,
} from '../../contract';
import type { Store } from '../platform/database/database';
import { recentPatientDeletions } from './patientDeletions';

const GRACE_MS = USER_DELETION_GRACE_DAYS * 24 * 3600 * 1000;

/**
 * `GET /api/patients/deleted`: patients deleted through this console that can still be
 * restored, with the end of their grace period, so an undo never needs a saved address.
 */
export function deletedPatientsRoutes(fastify: FastifyInstance, opts: { store: Store }) {
  fastify.get(
    DELETED_PATIENTS_PATH,
    { config: { access: 'patients.read', audit: { recordType: 'patient_list' } } },
    async (_request, reply) => {
      const now = Date.now();
      const deletions = await recentPatientDeletions(opts.store.db, now - GRACE_MS);
      reply.header('cache-control', 'no-store');
      const patients: DeletedPatient[] = deletions.map((d) => ({
        user_id: d.userId,
        deleted_at: new Date(d.deletedAt).toISOString(),
        undo_until: new Date(d.deletedAt + GRACE_MS).toISOString(),
        deleted_by: d.deletedBy,
      }));
      return { patients };
    },
  );
}
