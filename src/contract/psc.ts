import { z } from 'zod';
import { openEnum } from './enums';
import { booleanParam, repeatedParam } from './queryParams';

/*
 * Walk-in tests at patient service centres (docs/lab-api-facts.md §8): the area around a ZIP code, the
 * centres near it, their appointment slots, and the appointment itself (the shape of
 * `ClientFacingAppointment` is shared with at-home phlebotomy: `./appointments`).
 */

/** Miles; the document keeps them as text. */
export const ALLOWED_RADII = ['10', '20', '25', '50', '100'] as const;
export type AllowedRadius = (typeof ALLOWED_RADII)[number];
/** Labs with centres (`ClientFacingLabs`). */
export const CENTRAL_LABS = ['quest', 'labcorp', 'bioreference', 'sonora_quest'] as const;
/** Labs whose centres take appointments through the Lab API (`AppointmentPSCLabs`). */
export const PSC_APPOINTMENT_LABS = ['quest', 'sonora_quest'] as const;
export type PscAppointmentLab = (typeof PSC_APPOINTMENT_LABS)[number];
export const LOCATION_CAPABILITIES = [
  'stat',
  'appointment_scheduling_via_junction',
  'appointment_scheduling_with_lab',
] as const;
/** At most this many site codes per availability request (docs/lab-api-facts.md §8). */
export const MAX_SITE_CODES = 3;

const zip5 = z.string().regex(/^\d{5}$/);
const radius = z.enum(ALLOWED_RADII);

export const areaInfoQuerySchema = z.object({
  zip_code: zip5,
  radius: radius.default('25'),
  lab: z.enum(CENTRAL_LABS).optional(),
  labs: repeatedParam(z.enum(CENTRAL_LABS)),
  lab_account_id: z.uuid().optional(),
});

export const pscInfoQuerySchema = z.object({
  zip_code: zip5,
  lab_id: z.coerce.number().int(),
  radius: radius.default('25'),
  capabilities: repeatedParam(z.enum(LOCATION_CAPABILITIES)),
  lab_account_id: z.uuid().optional(),
});

export const orderPscInfoQuerySchema = z.object({
  radius: radius.default('25'),
  capabilities: repeatedParam(z.enum(LOCATION_CAPABILITIES)),
});

/** Availability takes site codes or a ZIP code with a radius; the 400s say which is missing. */
export const pscAvailabilityQuerySchema = z.object({
  lab: z.enum(PSC_APPOINTMENT_LABS),
  start_date: z.iso.date().optional(),
  site_codes: repeatedParam(z.string().min(1)),
  zip_code: zip5.optional(),
  radius: radius.optional(),
  allow_stale: booleanParam.optional(),
});
export type PscAvailabilityQuery = z.infer<typeof pscAvailabilityQuerySchema>;

/** PSC cancel is camelCase, unlike the phlebotomy one (docs/lab-api-facts.md §8). */
export const cancelPscAppointmentSchema = z.object({
  cancellationReasonId: z.uuid({ version: 'v4' }),
  note: z.string().max(1000).nullish(),
});
export type CancelPscAppointment = z.infer<typeof cancelPscAppointmentSchema>;

const lngLatSchema = z.looseObject({ lng: z.number(), lat: z.number() });

export const serviceCentreSchema = z.looseObject({
  metadata: z.looseObject({
    name: z.string(),
    state: z.string(),
    city: z.string(),
    zip_code: z.string(),
    first_line: z.string(),
    second_line: z.string().nullish(),
    phone_number: z.string().nullish(),
    fax_number: z.string().nullish(),
    /** Free-form per the document; the local Lab API sends `{monday: "07:00-16:00", …}`. */
    hours: z.record(z.string(), z.unknown()).nullish(),
    website: z.string().nullish(),
  }),
  /** Miles from the ZIP code asked about. */
  distance: z.number(),
  site_code: z.string(),
  supported_bill_types: z.array(z.string()),
  location: lngLatSchema,
  capabilities: z.array(openEnum(LOCATION_CAPABILITIES)),
});
export type ServiceCentre = z.infer<typeof serviceCentreSchema>;

export const pscInfoSchema = z.looseObject({
  lab_id: z.number(),
  slug: z.string(),
  patient_service_centers: z.array(serviceCentreSchema),
});
export type PscInfo = z.infer<typeof pscInfoSchema>;

export const areaInfoSchema = z.looseObject({
  zip_code: z.string(),
  phlebotomy: z.looseObject({
    is_served: z.boolean(),
    providers: z.array(z.looseObject({ name: z.string(), service_types: z.array(z.string()) })),
  }),
  central_labs: z.record(
    z.string(),
    z.looseObject({
      patient_service_centers: z.looseObject({
        appointment_with_vital: z.boolean(),
        within_radius: z.number(),
        radius: z.string(),
        capabilities: z.array(z.string()).optional(),
      }),
      supported_bill_types: z.array(z.string()),
      lab_id: z.number(),
    }),
  ),
});
export type AreaInfo = z.infer<typeof areaInfoSchema>;

/** Whether the Lab API books appointments at this centre (else the patient walks in). */
export const booksThroughApi = (centre: Pick<ServiceCentre, 'capabilities'>) =>
  centre.capabilities.includes('appointment_scheduling_via_junction');
