import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { labTestSchema, markersPageSchema } from '../../../../contract/labTest';
import {
  labListSchema,
  labTestPageSchema,
  type CreateLabTestRequest,
  type UpdateLabTestRequest,
} from '../../../../contract/labTestCatalogue';
import { apiGet, apiRequest, labPath } from '../../../shared/api/client';
import { catalogueKeys } from '../../../shared/api/catalogue';

const CATALOGUE_PAGE_SIZE = 20;

/** The team's catalogue, page by page (`GET /v3/lab_test`, cursor paging). */
export const labTestPagesQueryOptions = infiniteQueryOptions({
  queryKey: catalogueKeys.labTestPages(),
  queryFn: ({ pageParam, signal }) =>
    apiGet(
      labPath('/v3/lab_test', {
        lab_test_limit: CATALOGUE_PAGE_SIZE,
        ...(pageParam ? { next_cursor: pageParam } : {}),
      }),
      labTestPageSchema,
      signal,
    ),
  initialPageParam: '',
  getNextPageParam: (page) => page.next_cursor ?? undefined,
});

export const labsQueryOptions = queryOptions({
  queryKey: catalogueKeys.labs,
  queryFn: ({ signal }) => apiGet(labPath('/v3/lab_tests/labs'), labListSchema, signal),
  staleTime: 10 * 60_000,
});

/** A lab test's markers (`GET /v3/lab_tests/{id}/markers`). */
export const labTestMarkersQueryOptions = (labTestId: string) =>
  queryOptions({
    queryKey: catalogueKeys.labTestMarkers(labTestId),
    queryFn: ({ signal }) =>
      apiGet(
        labPath(`/v3/lab_tests/${encodeURIComponent(labTestId)}/markers`, { size: 100 }),
        markersPageSchema,
        signal,
      ),
  });

/** The markers a lab account may order (`GET /v3/lab_tests/markers?lab_account_id=`). */
export const accountMarkersQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: catalogueKeys.accountMarkers(accountId),
    queryFn: ({ signal }) =>
      apiGet(
        labPath('/v3/lab_tests/markers', { lab_account_id: accountId, page: 1, size: 100 }),
        markersPageSchema,
        signal,
      ),
  });

export async function createLabTest(request: CreateLabTestRequest) {
  return labTestSchema.parse(
    await apiRequest(labPath('/v3/lab_tests'), { method: 'POST', body: request }),
  );
}

export async function updateLabTest(id: string, request: UpdateLabTestRequest) {
  return labTestSchema.parse(
    await apiRequest(labPath(`/v3/lab_tests/${encodeURIComponent(id)}`), {
      method: 'PATCH',
      body: request,
    }),
  );
}
