import { queryOptions } from '@tanstack/react-query';
import {
  appointmentSchema,
  availabilitySchema,
  cancellationReasonsSchema,
  type USAddress,
} from '../../../../contract/appointments';
import { ordersPageSchema, postOrderResponseSchema } from '../../../../contract/order';
import { type SimulateBody } from '../../../../contract/results';
import { apiGet, apiRequest, labPath } from '../../../shared/api/client';
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

const orderPath = (orderId: string, rest = '') =>
  labPath(`/v3/order/${encodeURIComponent(orderId)}${rest}`);

export const appointmentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderKeys.appointment(orderId),
    queryFn: ({ signal }) =>
      apiGet(orderPath(orderId, '/phlebotomy/appointment'), appointmentSchema, signal),
  });

export const cancellationReasonsQueryOptions = queryOptions({
  queryKey: ['phlebotomy', 'cancellation-reasons'],
  queryFn: ({ signal }) =>
    apiGet(
      labPath('/v3/order/phlebotomy/appointment/cancellation-reasons'),
      cancellationReasonsSchema,
      signal,
    ),
  staleTime: 10 * 60_000,
});

export const resultPdfPath = (orderId: string) => orderPath(orderId, '/result/pdf');
export const requisitionPdfPath = (orderId: string) => orderPath(orderId, '/requisition/pdf');

export async function cancelOrder(orderId: string) {
  return postOrderResponseSchema.parse(
    await apiRequest(orderPath(orderId, '/cancel'), { method: 'POST' }),
  );
}

export async function simulateOrder(
  orderId: string,
  finalStatus: string,
  body: SimulateBody,
  delaySeconds = 0,
) {
  const query = new URLSearchParams({ final_status: finalStatus, delay: String(delaySeconds) });
  await apiRequest(`${orderPath(orderId, '/test')}?${query.toString()}`, { method: 'POST', body });
}

export async function findAvailability(address: USAddress) {
  return availabilitySchema.parse(
    await apiRequest(labPath('/v3/order/phlebotomy/appointment/availability'), {
      method: 'POST',
      body: address,
    }),
  );
}

export async function bookAppointment(orderId: string, bookingKey: string, notes: string) {
  return appointmentSchema.parse(
    await apiRequest(orderPath(orderId, '/phlebotomy/appointment/book'), {
      method: 'POST',
      body: { booking_key: bookingKey, ...(notes ? { appointment_notes: notes } : {}) },
    }),
  );
}

export async function requestAppointment(orderId: string, address: USAddress, notes: string) {
  return appointmentSchema.parse(
    await apiRequest(orderPath(orderId, '/phlebotomy/appointment/request'), {
      method: 'POST',
      body: { address, provider: 'phlebfinders', ...(notes ? { appointment_notes: notes } : {}) },
    }),
  );
}

export async function rescheduleAppointment(orderId: string, bookingKey: string) {
  return appointmentSchema.parse(
    await apiRequest(orderPath(orderId, '/phlebotomy/appointment/reschedule'), {
      method: 'PATCH',
      body: { booking_key: bookingKey },
    }),
  );
}

export async function cancelAppointment(orderId: string, reasonId: string, notes: string) {
  return appointmentSchema.parse(
    await apiRequest(orderPath(orderId, '/phlebotomy/appointment/cancel'), {
      method: 'PATCH',
      body: { cancellation_reason_id: reasonId, ...(notes ? { notes } : {}) },
    }),
  );
}

/** How many orders a worklist holds: one order's page, for its total. */
export const worklistCountQueryOptions = (search: OrdersSearch) =>
  queryOptions({
    queryKey: orderKeys.count(search),
    queryFn: async ({ signal }) =>
      (await apiGet(ordersPagePath(search, 1, 1), ordersPageSchema, signal)).total ?? null,
    staleTime: 60_000,
  });
