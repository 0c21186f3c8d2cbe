import type { SandboxDb } from '../store/database';
import type { OrderRecord } from '../store/orderDocument';
import { SERVED_ZIPS } from '../lifecycle/phlebotomy';

const HOUR = 3_600_000;

/**
 * Seeded phlebotomy orders that reached `appointment_scheduled` name an appointment in
 * `details.data.appointment_id`: this writes those appointments, so reading one never
 * answers 404. Each is at 10:00 UTC-7 the day after it was booked, with Getlabs.
 */
export async function seedAppointments(db: SandboxDb, orders: OrderRecord[]): Promise<void> {
  for (const order of orders) {
    if (order.method !== 'at_home_phlebotomy') continue;
    const appointmentId = order.document.details.data?.appointment_id;
    if (typeof appointmentId !== 'string') continue;
    const booked = order.events.find((e) => e.status.endsWith('.appointment_scheduled'));
    if (!booked) continue;
    const lows = order.events.map((e) => e.status.split('.').at(-1));
    const cancelled = lows.includes('appointment_cancelled') || lows.includes('cancelled');
    const drawn = lows.includes('draw_completed');
    const status = cancelled ? 'cancelled' : drawn ? 'completed' : 'confirmed';
    const day = new Date(Date.parse(booked.created_at) + 24 * HOUR).toISOString().slice(0, 10);
    const start = new Date(Date.parse(`${day}T17:00:00Z`)).toISOString();
    const address = order.document.patient_address;
    const zip = address?.zip ?? '';
    const document = {
      id: appointmentId,
      user_id: order.document.user_id,
      order_id: order.document.id,
      order_transaction_id: order.orderTransactionId,
      address: {
        first_line: address?.first_line ?? '',
        second_line: address?.second_line ?? null,
        city: address?.city ?? '',
        state: address?.state ?? '',
        zip_code: zip,
        access_notes: address?.access_notes ?? null,
      },
      location: SERVED_ZIPS[zip]?.location ?? null,
      start_at: start,
      end_at: new Date(Date.parse(start) + HOUR).toISOString(),
      iana_timezone: SERVED_ZIPS[zip]?.timezone ?? 'America/Phoenix',
      type: 'phlebotomy',
      provider: 'getlabs',
      status,
      provider_id: `getlabs-${appointmentId.slice(0, 8)}`,
      external_id: `EXT-${appointmentId.slice(0, 6).toUpperCase()}`,
      can_reschedule: status === 'confirmed',
      appointment_notes: null,
      event_status: status === 'confirmed' ? 'scheduled' : status,
      event_data: null,
      events: [
        { created_at: booked.created_at, status: 'scheduled', data: null },
        ...(status === 'confirmed'
          ? []
          : [{ created_at: order.document.updated_at, status, data: null }]),
      ],
    };
    await db
      .insertInto('phlebotomy_appointment')
      .values({
        id: appointmentId,
        order_id: order.document.id,
        status,
        created_at: booked.created_at,
        document: JSON.stringify(document),
      })
      .execute();
  }
}
