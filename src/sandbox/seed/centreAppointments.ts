import {
  availabilityDates,
  booksViaApi,
  centreAddress,
  centreSlotStarts,
  centresNear,
  slotEnd,
} from '../lifecycle/psc';
import type { SandboxDb } from '../store/database';
import type { OrderRecord } from '../store/orderDocument';

const DAY = 86_400_000;

/**
 * Seeded walk-in orders that reached `appointment_scheduled` name an appointment in
 * `details.data.appointment_id`: this writes those centre appointments, so reading one
 * never answers 404. Each is at the nearest bookable Quest centre, an hour after it opens
 * on the first day it is open after the booking. The order's own cancel leaves it booked (docs/lab-api-facts.md §4); results
 * complete it.
 */
export async function seedCentreAppointments(db: SandboxDb, orders: OrderRecord[]) {
  for (const order of orders) {
    if (order.method !== 'walk_in_test') continue;
    const appointmentId = order.document.details.data?.appointment_id;
    if (typeof appointmentId !== 'string') continue;
    const booked = order.events.find((e) => e.status.endsWith('.appointment_scheduled'));
    const centre = centresNear(order.document.patient_address?.zip ?? '', 100, 1)
      .map((c) => c.centre)
      .find(booksViaApi);
    if (!booked || !centre) continue;
    const bookedAt = new Date(booked.created_at);
    const start = availabilityDates(centre, new Date(bookedAt.getTime() + DAY))
      .map((day) => centreSlotStarts(centre, day, bookedAt)[3])
      .find((slot) => slot !== undefined);
    if (!start) continue;
    const lows = order.events.map((e) => e.status.split('.').at(-1) ?? '');
    const status = lows.includes('appointment_cancelled')
      ? 'cancelled'
      : lows.some((l) =>
            ['partial_results', 'completed', 'redraw_available', 'sample_error'].includes(l),
          )
        ? 'completed'
        : 'confirmed';
    const data = { origin: 'api', is_reschedule: false };
    const document = {
      id: appointmentId,
      user_id: order.document.user_id,
      order_id: order.document.id,
      order_transaction_id: order.orderTransactionId,
      address: centreAddress(centre),
      location: centre.location,
      start_at: start.toISOString(),
      end_at: slotEnd(start).toISOString(),
      iana_timezone: centre.timeZone,
      type: 'patient_service_center',
      provider: 'quest',
      status,
      provider_id: centre.siteCode,
      external_id: `QST-${appointmentId.slice(0, 8).toUpperCase()}`,
      can_reschedule: status === 'confirmed',
      appointment_notes: null,
      event_status: status === 'confirmed' ? 'scheduled' : status,
      event_data: data,
      events: [
        { created_at: booked.created_at, status: 'scheduled', data },
        ...(status === 'confirmed'
          ? []
          : [{ created_at: order.document.updated_at, status, data: null }]),
      ],
    };
    await db
      .insertInto('psc_appointment')
      .values({
        id: appointmentId,
        order_id: order.document.id,
        site_code: centre.siteCode,
        start_at: document.start_at,
        status,
        created_at: booked.created_at,
        document: JSON.stringify(document),
      })
      .execute();
  }
}
