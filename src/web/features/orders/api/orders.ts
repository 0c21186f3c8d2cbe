import { queryOptions } from '@tanstack/react-query';
import { orderSchema, ordersPageSchema } from '../../../../contract/order';
import { ORDERS_PAGE_SIZE_DEFAULT } from '../../../../contract/ordersQuery';
import { apiGet, labPath } from '../../../shared/api/client';

export const ordersQueryOptions = (page = 1, size = ORDERS_PAGE_SIZE_DEFAULT) =>
  queryOptions({
    queryKey: ['orders', 'list', { page, size }],
    queryFn: ({ signal }) =>
      apiGet(labPath('/v3/orders', { page, size }), ordersPageSchema, signal),
  });

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', orderId],
    queryFn: ({ signal }) =>
      apiGet(labPath(`/v3/order/${encodeURIComponent(orderId)}`), orderSchema, signal),
  });
