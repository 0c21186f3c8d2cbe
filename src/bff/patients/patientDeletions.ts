import type { Kysely } from 'kysely';
import type { Database } from '../platform/database/schema';

/** The allow-list actions that delete a patient and undo it, as the audit trail names them. */
export const DELETE_PATIENT_ACTION = 'DELETE /v2/user/{user_id}';
export const UNDO_DELETE_PATIENT_ACTION = 'POST /v2/user/undo_delete';

export interface PatientDeletion {
  userId: string;
  deletedAt: number;
  deletedBy: string | null;
}

/**
 * Patients deleted through this console since `since` and not restored since. The
 * audit trail already holds each successful delete and undo with its patient, so it is
 * the record; the Lab API offers no list of deleted patients.
 */
export async function recentPatientDeletions(
  db: Kysely<Database>,
  since: number,
): Promise<PatientDeletion[]> {
  const rows = await db
    .selectFrom('audit_event')
    .select(['action', 'record_id', 'at', 'account_email'])
    .where('at', '>=', since)
    .where('record_type', '=', 'patient')
    .where('action', 'in', [DELETE_PATIENT_ACTION, UNDO_DELETE_PATIENT_ACTION])
    .where('outcome', '>=', 200)
    .where('outcome', '<', 300)
    .where('record_id', 'is not', null)
    .orderBy('id', 'asc')
    .execute();
  const deleted = new Map<string, PatientDeletion>();
  for (const row of rows) {
    const userId = row.record_id ?? '';
    if (row.action === DELETE_PATIENT_ACTION) {
      deleted.set(userId, { userId, deletedAt: row.at, deletedBy: row.account_email });
    } else {
      deleted.delete(userId);
    }
  }
  return [...deleted.values()].sort((a, b) => b.deletedAt - a.deletedAt);
}
