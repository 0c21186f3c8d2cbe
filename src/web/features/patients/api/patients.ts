import { queryOptions } from '@tanstack/react-query';
import { DELETED_PATIENTS_PATH, deletedPatientsResponseSchema } from '../../../../contract/console';
import { ordersPageSchema } from '../../../../contract/order';
import {
  PATIENT_NAMES_PATH,
  PATIENT_SEARCH_PATH,
  patientNamesResponseSchema,
  patientSearchResponseSchema,
  type PatientName,
} from '../../../../contract/userInfo';
import { userSchema, usersPageSchema, type CreateUserRequest } from '../../../../contract/users';
import { apiGet, apiRequest, labPath } from '../../../shared/api/client';

export const PATIENTS_PAGE_SIZE = 50;

/** `GET /v2/user`: a page of the team's patients, oldest first (the Lab API's only order). */
export const patientsQueryOptions = (offset = 0, limit = PATIENTS_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['patients', 'list', { offset, limit }],
    queryFn: ({ signal }) =>
      apiGet(labPath('/v2/user', { offset, limit }), usersPageSchema, signal),
  });

/**
 * Names and dates of birth of some patients, by user id (the BFF asks the Lab API for each
 * one's demographics). A patient without demographics is absent from the map.
 */
export const patientNamesQueryOptions = (userIds: readonly string[]) => {
  const ids = [...new Set(userIds)].sort();
  return queryOptions({
    queryKey: ['patients', 'names', ids],
    queryFn: async ({ signal }): Promise<ReadonlyMap<string, PatientName>> => {
      if (ids.length === 0) return new Map();
      const query = new URLSearchParams(ids.map((id) => ['user_id', id])).toString();
      const { patients } = await apiGet(
        `${PATIENT_NAMES_PATH}?${query}`,
        patientNamesResponseSchema,
        signal,
      );
      return new Map(patients.map((p) => [p.user_id, p]));
    },
    staleTime: 60_000,
  });
};

/** Patients by a name or date of birth on their orders, or their exact client user id. */
export const patientSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['patients', 'search', text],
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `${PATIENT_SEARCH_PATH}?${new URLSearchParams({ q: text }).toString()}`,
          patientSearchResponseSchema,
          signal,
        )
      ).patients,
    enabled: text !== '',
    staleTime: 30_000,
  });

/** What every patient search box says it covers: the Lab API searches users by nothing. */
export const PATIENT_SEARCH_COVERS =
  'Finds a patient by name or date of birth (YYYY-MM-DD) given on one of their orders, or by their exact client user id. A patient without orders is found by client user id.';

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
