import { queryOptions } from '@tanstack/react-query';
import { DELETED_PATIENTS_PATH, deletedPatientsResponseSchema } from '../../../../contract/console';
import { apiGet, apiRequest, labPath } from '../../../shared/api/client';
import { patientKeys } from '../../../shared/api/patients';

export async function deletePatient(userId: string): Promise<void> {
  await apiRequest(labPath(`/v2/user/${encodeURIComponent(userId)}`), { method: 'DELETE' });
}

export async function undoDeletePatient(userId: string): Promise<void> {
  await apiRequest(labPath('/v2/user/undo_delete', { user_id: userId }), { method: 'POST' });
}

/** Patients deleted through this console that can still be restored (the BFF's record). */
export const deletedPatientsQueryOptions = () =>
  queryOptions({
    queryKey: patientKeys.deleted(),
    queryFn: ({ signal }) => apiGet(DELETED_PATIENTS_PATH, deletedPatientsResponseSchema, signal),
  });
