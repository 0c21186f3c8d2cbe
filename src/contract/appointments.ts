import { z } from 'zod';
import { openEnum } from './enums';

export const APPOINTMENT_STATUSES = [
  'pending',
  'reserved',
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export const APPOINTMENT_EVENT_STATUSES = [
  'pending',
  'reserved',
  'scheduled',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export const APPOINTMENT_PROVIDERS = ['getlabs', 'phlebfinders', 'quest', 'sonora_quest'] as const;

/**
 * The order statuses (low level) from which a phlebotomy or walk-in visit may be booked or
 * requested: the two state machines agree (docs/lab-api-facts.md §4).
 */
export const APPOINTMENT_BOOKABLE_STATUSES: readonly string[] = [
  'ordered',
  'requisition_created',
  'requisition_bypassed',
  'appointment_pending',
  'appointment_cancelled',
];

/*
 * Appointment requests as the real service (FastAPI) takes them: unknown members are
 * ignored, and a member the document types as nullable takes null.
 */

/** USAddress as the appointment endpoints take it. */
export const usAddressSchema = z.object({
  first_line: z.string().min(1),
  second_line: z.string().nullish(),
  city: z.string().min(1),
  state: z.string().length(2),
  zip_code: z.string().regex(/^\d{5}(-\d{4})?$/),
  unit: z.string().nullish(),
  access_notes: z.string().nullish(),
});
export type USAddress = z.infer<typeof usAddressSchema>;

export const bookAppointmentSchema = z.object({
  booking_key: z.string().min(1),
  appointment_notes: z.string().max(1000).nullish(),
  async_confirmation: z.boolean().optional(),
  sync_confirmation_timeout_millisecond: z.number().int().min(1000).max(10000).nullish(),
  async_confirmation_timeout_millisecond: z.number().int().min(60000).max(172800000).nullish(),
});
export type BookAppointment = z.infer<typeof bookAppointmentSchema>;

export const rescheduleAppointmentSchema = z.object({
  booking_key: z.string().min(1),
  appointment_notes: z.string().max(1000).nullish(),
});

export const requestAppointmentSchema = z.object({
  address: usAddressSchema,
  provider: z.enum(APPOINTMENT_PROVIDERS),
  appointment_notes: z.string().max(1000).nullish(),
});
export type RequestAppointment = z.infer<typeof requestAppointmentSchema>;

export const cancelAppointmentSchema = z.object({
  /** One of the cancellation reasons' ids: the document types them UUID4. */
  cancellation_reason_id: z.uuid({ version: 'v4' }),
  notes: z.string().max(1000).nullish(),
});
export type CancelAppointment = z.infer<typeof cancelAppointmentSchema>;

export const cancellationReasonSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  is_refundable: z.boolean(),
});
export const cancellationReasonsSchema = z.array(cancellationReasonSchema);
export type CancellationReason = z.infer<typeof cancellationReasonSchema>;

export const timeSlotSchema = z.looseObject({
  booking_key: z.string().nullish(),
  start: z.string(),
  end: z.string(),
  expires_at: z.string().nullish(),
  price: z.number(),
  is_priority: z.boolean(),
  num_appointments_available: z.number(),
});
export type TimeSlot = z.infer<typeof timeSlotSchema>;

export const availabilitySchema = z.looseObject({
  slots: z.array(
    z.looseObject({
      location: z.unknown().optional(),
      date: z.string(),
      slots: z.array(timeSlotSchema),
    }),
  ),
  timezone: z.string().nullish(),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const appointmentEventSchema = z.looseObject({
  created_at: z.string(),
  status: openEnum(APPOINTMENT_EVENT_STATUSES),
  data: z.record(z.string(), z.unknown()).nullish(),
});

export const appointmentSchema = z.looseObject({
  id: z.string(),
  user_id: z.string(),
  order_id: z.string(),
  order_transaction_id: z.string().nullish(),
  address: z.looseObject({
    first_line: z.string(),
    second_line: z.string().nullish(),
    city: z.string(),
    state: z.string(),
    zip_code: z.string(),
    access_notes: z.string().nullish(),
  }),
  location: z.looseObject({ lng: z.number(), lat: z.number() }).nullish(),
  start_at: z.string().nullish(),
  end_at: z.string().nullish(),
  iana_timezone: z.string().nullish(),
  type: z.string(),
  provider: openEnum(APPOINTMENT_PROVIDERS),
  status: openEnum(APPOINTMENT_STATUSES),
  provider_id: z.string().nullish(),
  external_id: z.string().nullish(),
  can_reschedule: z.boolean(),
  appointment_notes: z.string().nullish(),
  event_status: openEnum(APPOINTMENT_EVENT_STATUSES),
  event_data: z.record(z.string(), z.unknown()).nullish(),
  events: z.array(appointmentEventSchema),
});
export type Appointment = z.infer<typeof appointmentSchema>;
