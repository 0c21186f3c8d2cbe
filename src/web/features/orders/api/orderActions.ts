import { queryOptions } from '@tanstack/react-query';
import {
  appointmentSchema,
  availabilitySchema,
  cancellationReasonsSchema,
} from '../../../../contract/appointments';
import { postOrderResponseSchema } from '../../../../contract/order';
import { communicationSettingsSchema } from '../../../../contract/orderActions';
import { pscInfoSchema, type AllowedRadius } from '../../../../contract/psc';
import type { SimulateBody } from '../../../../contract/results';
import { apiGet, apiRequest, labPath } from '../../../shared/api/client';
import { orderKeys } from '../../../shared/api/orders';

/* Walk-in appointments at patient service centres, and the order actions beside cancel. */

const orderPath = (orderId: string, rest = '') =>
  labPath(`/v3/order/${encodeURIComponent(orderId)}${rest}`);

/** The centres of the order's lab near its patient, nearest first. */
export const orderCentresQueryOptions = (orderId: string, radius: AllowedRadius) =>
  queryOptions({
    queryKey: orderKeys.centres(orderId, radius),
    queryFn: ({ signal }) =>
      apiGet(`${orderPath(orderId, '/psc/info')}?radius=${radius}`, pscInfoSchema, signal),
    staleTime: 5 * 60_000,
  });

export const pscAppointmentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderKeys.centreAppointment(orderId),
    queryFn: ({ signal }) =>
      apiGet(orderPath(orderId, '/psc/appointment'), appointmentSchema, signal),
  });

export const pscCancellationReasonsQueryOptions = queryOptions({
  queryKey: ['psc', 'cancellation-reasons'],
  queryFn: ({ signal }) =>
    apiGet(
      labPath('/v3/order/psc/appointment/cancellation-reasons'),
      cancellationReasonsSchema,
      signal,
    ),
  staleTime: 10 * 60_000,
});

/** Slots at one centre (Quest's centres book through the Lab API). */
export async function findCentreSlots(siteCode: string) {
  const query = new URLSearchParams({ lab: 'quest', site_codes: siteCode });
  return availabilitySchema.parse(
    await apiRequest(`${labPath('/v3/order/psc/appointment/availability')}?${query.toString()}`, {
      method: 'POST',
    }),
  );
}

export async function bookCentreAppointment(
  orderId: string,
  bookingKey: string,
  notes: string,
  idempotencyKey: string,
) {
  return appointmentSchema.parse(
    await apiRequest(orderPath(orderId, '/psc/appointment/book'), {
      method: 'POST',
      body: { booking_key: bookingKey, ...(notes ? { appointment_notes: notes } : {}) },
      headers: { 'x-idempotency-key': idempotencyKey },
    }),
  );
}

export async function rescheduleCentreAppointment(orderId: string, bookingKey: string) {
  return appointmentSchema.parse(
    await apiRequest(orderPath(orderId, '/psc/appointment/reschedule'), {
      method: 'PATCH',
      body: { booking_key: bookingKey },
    }),
  );
}

/** PSC cancel takes camelCase members (docs/lab-api-facts.md §8), unlike the phlebotomy one. */
export async function cancelCentreAppointment(orderId: string, reasonId: string, note: string) {
  return appointmentSchema.parse(
    await apiRequest(orderPath(orderId, '/psc/appointment/cancel'), {
      method: 'PATCH',
      body: { cancellationReasonId: reasonId, ...(note ? { note } : {}) },
    }),
  );
}

export async function markDrawCompleted(orderId: string) {
  return postOrderResponseSchema.parse(
    await apiRequest(orderPath(orderId, '/draw_completed'), { method: 'PATCH' }),
  );
}

/** A new activation date, or null to send the order to the lab now. */
export async function changeActivation(orderId: string, activateBy: string | null) {
  return postOrderResponseSchema.parse(
    await apiRequest(orderPath(orderId), { method: 'PATCH', body: { activate_by: activateBy } }),
  );
}

export const communicationSettingsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderKeys.communicationSettings(orderId),
    queryFn: ({ signal }) =>
      apiGet(orderPath(orderId, '/communication_settings'), communicationSettingsSchema, signal),
    // Every order page shows it, and each read is a Lab API call and an audited access. Only
    // the SMS switch changes it (its answer replaces this one), or rarely someone elsewhere: it
    // counts as fresh as long as the cache keeps it (5 minutes after the page is left), so
    // coming back to an order does not read it again. Order actions still refresh it, as they
    // invalidate all of the order's queries.
    staleTime: 5 * 60_000,
  });

export async function setSms(orderId: string, enabled: boolean) {
  return communicationSettingsSchema.parse(
    await apiRequest(orderPath(orderId, '/communication_settings'), {
      method: 'PATCH',
      body: { sms_enabled: enabled },
    }),
  );
}

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
