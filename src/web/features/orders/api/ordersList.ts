/* The orders list: one page of a view (filters, sort, page) and a worklist's count. */

import { queryOptions } from '@tanstack/react-query';
import { ordersPageSchema } from '../../../../contract/order';
import { apiGet, labPath } from '../../../shared/api/client';
import { orderKeys } from '../../../shared/api/orders';
import { LIST_PAGE_SIZE, PAGE_SIZE, toLabQuery, type OrdersSearch } from '../lib/ordersSearch';

/** The BFF path of one page of a view; repeated parameters (`status`) stay repeated. */
export function ordersPagePath(search: OrdersSearch, page: number, size = PAGE_SIZE): string {
  const params = new URLSearchParams(toLabQuery(search));
  params.set('page', String(page));
  params.set('size', String(size));
  return `${labPath('/v3/orders')}?${params.toString()}`;
}

export const ordersViewQueryOptions = (search: OrdersSearch) => {
  const page = search.worklist === 'overdue' ? 1 : (search.page ?? 1);
  return queryOptions({
    queryKey: orderKeys.view({ ...search, page }),
    queryFn: ({ signal }) =>
      apiGet(ordersPagePath(search, page, LIST_PAGE_SIZE), ordersPageSchema, signal),
  });
};

/** How many orders a worklist holds: one order's page, for its total. */
export const worklistCountQueryOptions = (search: OrdersSearch) =>
  queryOptions({
    queryKey: orderKeys.count(search),
    queryFn: async ({ signal }) =>
      (await apiGet(ordersPagePath(search, 1, 1), ordersPageSchema, signal)).total ?? null,
    staleTime: 60_000,
  });
