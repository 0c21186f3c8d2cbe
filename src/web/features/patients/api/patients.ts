import { queryOptions } from '@tanstack/react-query';
import { DELETED_PATIENTS_PATH, deletedPatientsResponseSchema } from '../../../../contract/console';
import { ordersPageSchema } from '../../../../contract/order';
import { userSchema, usersPageSchema, type CreateUserRequest } from '../../../../contract/users';
import { apiGet, apiRequest, labPath } from '../../../shared/api/client';

export const PATIENTS_PAGE_SIZE = 50;

/** `GET /v2/user`: the team's patients, with the local API's name/ID search. */
export const patientsQueryOptions = (search: string, offset = 0) =>
  queryOptions({
    queryKey: ['patients', 'list', { search, offset }],
    queryFn: ({ signal }) =>
      apiGet(
        labPath('/v2/user', {
          offset,
          limit: PATIENTS_PAGE_SIZE,
          ...(search ? { search } : {}),
        }),
        usersPageSchema,
        signal,
      ),
  });

export const patientQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['patients', 'detail', userId],
    queryFn: ({ signal }) =>
      apiGet(labPath(`/v2/user/${encodeURIComponent(userId)}`), userSchema, signal),
  });

/** A patient's latest orders: the users API holds no names, their orders do. */
export const patientOrdersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['orders', 'list', { user_id: userId }],
    queryFn: ({ signal }) =>
      apiGet(labPath('/v3/orders', { user_id: userId, size: 20 }), ordersPageSchema, signal),
  });

export async function createPatient(request: CreateUserRequest) {
  return userSchema.parse(await apiRequest(labPath('/v2/user'), { method: 'POST', body: request }));
}

export async function deletePatient(userId: string): Promise<void> {
  await apiRequest(labPath(`/v2/user/${encodeURIComponent(userId)}`), { method: 'DELETE' });
}

export async function undoDeletePatient(userId: string): Promise<void> {
  await apiRequest(labPath('/v2/user/undo_delete', { user_id: userId }), { method: 'POST' });
}

/** Patients deleted through this console that can still be restored (the BFF's record). */
export const deletedPatientsQueryOptions = () =>
  queryOptions({
    queryKey: ['patients', 'deleted'],
    queryFn: ({ signal }) => apiGet(DELETED_PATIENTS_PATH, deletedPatientsResponseSchema, signal),
  });
