import { queryOptions } from '@tanstack/react-query';
import { labAccountListSchema } from '../../../contract/labAccount';
import { labTestListSchema, markersPageSchema } from '../../../contract/labTest';
import { apiGet, labPath } from './client';

/**
 * Every query key of the lab test catalogue: the team's lab tests (`['lab-tests']` covers
 * the catalogue's pages and each test's markers), the labs, their markers and the team's
 * lab accounts.
 */
export const catalogueKeys = {
  labTests: ['lab-tests'] as const,
  labTestPages: () => [...catalogueKeys.labTests, 'catalogue'] as const,
  labTestMarkers: (labTestId: string) => [...catalogueKeys.labTests, 'markers', labTestId] as const,
  labs: ['labs'] as const,
  labAccounts: ['lab-accounts'] as const,
  labMarkers: (labSlug: string) => ['lab-markers', labSlug] as const,
  accountMarkers: (accountId: string) => ['lab-markers', 'account', accountId] as const,
};

/** The team's lab accounts (`GET /v3/lab_test/lab_account`); coordinators and admins. */
export const labAccountsQueryOptions = queryOptions({
  queryKey: catalogueKeys.labAccounts,
  queryFn: ({ signal }) =>
    apiGet(labPath('/v3/lab_test/lab_account'), labAccountListSchema, signal),
  staleTime: 5 * 60_000,
});

/** The team's lab tests (`GET /v3/lab_tests`, the bare-array listing). */
export const labTestsQueryOptions = queryOptions({
  queryKey: catalogueKeys.labTests,
  queryFn: ({ signal }) => apiGet(labPath('/v3/lab_tests'), labTestListSchema, signal),
  staleTime: 5 * 60_000,
});

/** The first page of markers a lab offers (`GET /v3/lab_tests/markers?lab_slug=`). */
export const labMarkersQueryOptions = (labSlug: string) =>
  queryOptions({
    queryKey: catalogueKeys.labMarkers(labSlug),
    queryFn: ({ signal }) =>
      apiGet(
        labPath('/v3/lab_tests/markers', { lab_slug: labSlug, page: 1, size: 100 }),
        markersPageSchema,
        signal,
      ),
    staleTime: 5 * 60_000,
  });
