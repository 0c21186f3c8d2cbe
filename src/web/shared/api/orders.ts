import { queryOptions } from '@tanstack/react-query';
import { orderSchema, ordersPageSchema } from '../../../contract/order';
import { ORDERS_PAGE_SIZE_DEFAULT } from '../../../contract/ordersQuery';
import { labResultsRawSchema } from '../../../contract/results';
import type { LiveStaleness } from './queryKeys';
import { apiGet, labPath } from './client';

/**
 * Every query key of the orders resource. Lists sit under `['orders', 'list']` and one
 * order's data under `['orders', 'detail', id]`, so invalidating a prefix refreshes every
 * list (the orders page, a patient's orders, the result history) or all of one order.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  page: (page: number, size: number) => [...orderKeys.lists(), { page, size }] as const,
  /** A view of the orders page (its filters, sort and page). */
  view: (search: object) => [...orderKeys.lists(), 'view', search] as const,
  /** How many orders a worklist holds. */
  count: (search: object) => [...orderKeys.lists(), 'count', search] as const,
  ofPatient: (userId: string) => [...orderKeys.lists(), { user_id: userId }] as const,
  /** A patient's orders with results, read for the result history. */
  withResultsOfPatient: (userId: string) =>
    [...orderKeys.lists(), 'patient-results', userId] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  results: (orderId: string) => [...orderKeys.detail(orderId), 'results'] as const,
  appointment: (orderId: string) => [...orderKeys.detail(orderId), 'appointment'] as const,
  centres: (orderId: string, radius: string | number) =>
    [...orderKeys.detail(orderId), 'psc-info', radius] as const,
  centreAppointment: (orderId: string) =>
    [...orderKeys.detail(orderId), 'psc-appointment'] as const,
  communicationSettings: (orderId: string) =>
    [...orderKeys.detail(orderId), 'communication-settings'] as const,
  /** An order transaction: the group of orders placed together (docs/glossary.md). */
  transaction: (transactionId: string) => [...orderKeys.all, 'transaction', transactionId] as const,
  transactionResults: (transactionId: string) =>
    [...orderKeys.transaction(transactionId), 'results'] as const,
};

/**
 * The live events that change orders: a status change (its lists and the order), a
 * critical result (lists show the interpretation, the order page its results) and an
 * appointment (the order's page; its own status change arrives as an order event).
 */
export const orderStaleness: LiveStaleness = {
  staleKeys(event) {
    switch (event.kind) {
      case 'order':
        return [orderKeys.lists(), orderKeys.detail(event.recordId)];
      case 'critical_result':
        return [orderKeys.lists(), orderKeys.detail(event.orderId ?? event.recordId)];
      case 'appointment':
        return event.orderId ? [orderKeys.detail(event.orderId)] : [orderKeys.lists()];
      default:
        return [];
    }
  },
  resyncKeys: [orderKeys.all],
};

/** `GET /v3/orders`, one page, newest first (the Lab API's default order). */
export const ordersQueryOptions = (page = 1, size = ORDERS_PAGE_SIZE_DEFAULT) =>
  queryOptions({
    queryKey: orderKeys.page(page, size),
    queryFn: ({ signal }) =>
      apiGet(labPath('/v3/orders', { page, size }), ordersPageSchema, signal),
  });

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) =>
      apiGet(labPath(`/v3/order/${encodeURIComponent(orderId)}`), orderSchema, signal),
  });

/** One order's results: the order page, the result page and the result history share it. */
export const orderResultsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderKeys.results(orderId),
    queryFn: ({ signal }) =>
      apiGet(
        labPath(`/v3/order/${encodeURIComponent(orderId)}/result`),
        labResultsRawSchema,
        signal,
      ),
  });

/** A patient's latest orders: the users API holds no names, their orders do. */
export const patientOrdersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: orderKeys.ofPatient(userId),
    queryFn: ({ signal }) =>
      apiGet(labPath('/v3/orders', { user_id: userId, size: 20 }), ordersPageSchema, signal),
  });
