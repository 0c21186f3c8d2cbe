import { queryOptions } from '@tanstack/react-query';
import {
  PATIENT_NAMES_PATH,
  PATIENT_SEARCH_PATH,
  patientNamesResponseSchema,
  patientSearchResponseSchema,
  type PatientName,
} from '../../../contract/userInfo';
import { userSchema, usersPageSchema, type CreateUserRequest } from '../../../contract/users';
import { apiGet, apiRequest, labPath } from './client';

/** Every query key of the patients resource; `patientKeys.all` refreshes them all. */
export const patientKeys = {
  all: ['patients'] as const,
  list: (offset: number, limit: number) => [...patientKeys.all, 'list', { offset, limit }] as const,
  names: (sortedIds: readonly string[]) => [...patientKeys.all, 'names', sortedIds] as const,
  search: (text: string) => [...patientKeys.all, 'search', text] as const,
  detail: (userId: string) => [...patientKeys.all, 'detail', userId] as const,
  deleted: () => [...patientKeys.all, 'deleted'] as const,
};

/**
 * Names and dates of birth of some patients, by user id (the BFF asks the Lab API for each
 * one's demographics). A patient without demographics is absent from the map.
 */
export const patientNamesQueryOptions = (userIds: readonly string[]) => {
  const ids = [...new Set(userIds)].sort();
  return queryOptions({
    queryKey: patientKeys.names(ids),
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
    queryKey: patientKeys.search(text),
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
    queryKey: patientKeys.detail(userId),
    queryFn: ({ signal }) =>
      apiGet(labPath(`/v2/user/${encodeURIComponent(userId)}`), userSchema, signal),
  });

export const PATIENTS_PAGE_SIZE = 50;

/** `GET /v2/user`: a page of the team's patients, oldest first (the Lab API's only order). */
export const patientsQueryOptions = (offset = 0, limit = PATIENTS_PAGE_SIZE) =>
  queryOptions({
    queryKey: patientKeys.list(offset, limit),
    queryFn: ({ signal }) =>
      apiGet(labPath('/v2/user', { offset, limit }), usersPageSchema, signal),
  });

export async function createPatient(request: CreateUserRequest) {
  return userSchema.parse(await apiRequest(labPath('/v2/user'), { method: 'POST', body: request }));
}
