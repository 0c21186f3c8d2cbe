import { queryOptions } from '@tanstack/react-query';
import {
  SAVED_VIEWS_PATH,
  savedViewSchema,
  savedViewsResponseSchema,
  type NewSavedView,
} from '../../../../contract/savedViews';
import { apiGet, apiRequest } from '../../../shared/api/client';

/** The signed-in account's saved views of the orders list (kept by the BFF). */
export const savedViewsQueryOptions = queryOptions({
  queryKey: ['saved-views'],
  queryFn: ({ signal }) => apiGet(SAVED_VIEWS_PATH, savedViewsResponseSchema, signal),
  staleTime: 5 * 60_000,
});

export async function saveView(view: NewSavedView) {
  return savedViewSchema.parse(await apiRequest(SAVED_VIEWS_PATH, { method: 'POST', body: view }));
}

export async function deleteView(id: string) {
  await apiRequest(`${SAVED_VIEWS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
