import { queryOptions } from '@tanstack/react-query';
import {
  appointmentSchema,
  availabilitySchema,
  cancellationReasonsSchema,
  type USAddress,
} from '../../../../contract/appointments';
import { apiGet, apiRequest, labPath } from '../../../shared/api/client';
import { orderKeys } from '../../../shared/api/orders';

/* A phlebotomist's visit to the patient: its availability, booking, change and cancellation. */

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
