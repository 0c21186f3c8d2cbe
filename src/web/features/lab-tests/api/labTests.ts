import { queryOptions } from '@tanstack/react-query';
import { labAccountListSchema } from '../../../../contract/labAccount';
import { labTestListSchema, markersPageSchema } from '../../../../contract/labTest';
import { apiGet, labPath } from '../../../shared/api/client';

/** The team's lab accounts (`GET /v3/lab_test/lab_account`); ordering roles only. */
export const labAccountsQueryOptions = queryOptions({
  queryKey: ['lab-accounts'],
  queryFn: ({ signal }) =>
    apiGet(labPath('/v3/lab_test/lab_account'), labAccountListSchema, signal),
  staleTime: 5 * 60_000,
});

/** The team's lab tests (`GET /v3/lab_tests`, the bare-array listing). */
export const labTestsQueryOptions = queryOptions({
  queryKey: ['lab-tests'],
  queryFn: ({ signal }) => apiGet(labPath('/v3/lab_tests'), labTestListSchema, signal),
  staleTime: 5 * 60_000,
});

/** The first page of markers a lab offers (`GET /v3/lab_tests/markers?lab_slug=`). */
export const labMarkersQueryOptions = (labSlug: string) =>
  queryOptions({
    queryKey: ['lab-markers', labSlug],
    queryFn: ({ signal }) =>
      apiGet(
        labPath('/v3/lab_tests/markers', { lab_slug: labSlug, page: 1, size: 100 }),
        markersPageSchema,
        signal,
      ),
    staleTime: 5 * 60_000,
  });
