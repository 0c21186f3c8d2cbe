import { z } from 'zod';
import {
  BILLING_TYPES,
  COLLECTION_METHODS,
  ETHNICITIES,
  GENDER_IDENTITIES,
  INTERPRETATIONS,
  LOW_LEVEL_STATUSES,
  ORDER_ORIGINS,
  ORDER_STATUS_DETAILS,
  ORDER_TRANSACTION_STATUSES,
  RACES,
  SEXUAL_ORIENTATIONS,
  TOP_LEVEL_STATUSES,
  openEnum,
} from './enums';
import { labTestSchema } from './labTest';

/* Response schemas are tolerant: unknown fields pass, non-exhaustive enums keep
   unknown values, deprecated fields are optional, and whatever the provider's OpenAPI
   document leaves optional or nullable is so here (src/conformance holds them to it). */

export const orderEventSchema = z.looseObject({
  id: z.number().int(),
  created_at: z.string(),
  /** `<top_level>.<method>.<low_level>`, non-exhaustive; parse with parseOrderStatus. */
  status: z.string(),
  status_detail: openEnum(ORDER_STATUS_DETAILS).nullish(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const transactionMemberSchema = z.looseObject({
  id: z.uuid(),
  created_at: z.string(),
  updated_at: z.string(),
  origin: openEnum(ORDER_ORIGINS).nullish(),
  parent_id: z.uuid().nullish(),
  low_level_status: openEnum(LOW_LEVEL_STATUSES).nullish(),
  low_level_status_created_at: z.string().nullish(),
});

export const orderTransactionSchema = z.looseObject({
  id: z.uuid(),
  status: openEnum(ORDER_TRANSACTION_STATUSES),
  orders: z.array(transactionMemberSchema),
});
export type OrderTransaction = z.infer<typeof orderTransactionSchema>;

export const shipmentSchema = z.looseObject({
  id: z.uuid(),
  outbound_tracking_number: z.string().nullish(),
  outbound_tracking_url: z.string().nullish(),
  inbound_tracking_number: z.string().nullish(),
  inbound_tracking_url: z.string().nullish(),
  outbound_courier: z.string().nullish(),
  inbound_courier: z.string().nullish(),
  notes: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});

const detailsDataBase = {
  id: z.uuid(),
  created_at: z.string(),
  updated_at: z.string(),
};

/* `data` may be null or absent: the document requires only `type`. */
const testkitDetails = z.looseObject({
  type: z.literal('testkit'),
  data: z.looseObject({ ...detailsDataBase, shipment: shipmentSchema.nullish() }).nullish(),
});
const walkInDetails = z.looseObject({
  type: z.literal('walk_in_test'),
  data: z.looseObject({ ...detailsDataBase, appointment_id: z.uuid().nullish() }).nullish(),
});
const phlebotomyDetails = z.looseObject({
  type: z.literal('at_home_phlebotomy'),
  data: z.looseObject({ ...detailsDataBase, appointment_id: z.uuid().nullish() }).nullish(),
});
const onSiteDetails = z.looseObject({
  type: z.literal('on_site_collection'),
  data: z.looseObject(detailsDataBase).nullish(),
});
/** A collection method added later still parses, with its data left opaque. */
const otherDetails = z.looseObject({
  type: z.string().refine((t) => !(COLLECTION_METHODS as readonly string[]).includes(t)),
  data: z.record(z.string(), z.unknown()).nullish(),
});

export const orderDetailsSchema = z.union([
  z.discriminatedUnion('type', [testkitDetails, walkInDetails, phlebotomyDetails, onSiteDetails]),
  otherDetails,
]);
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

export const addressResponseSchema = z.looseObject({
  receiver_name: z.string().nullish(),
  first_line: z.string(),
  second_line: z.string().nullish(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  access_notes: z.string().nullish(),
  phone_number: z.string().nullish(),
});

export const shippingAddressSchema = z.looseObject({
  receiver_name: z.string(),
  first_line: z.string(),
  second_line: z.string().nullish(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  phone_number: z.string(),
});

/**
 * ClientFacingPatientDetailsCompatible: only `dob` and `gender` are sure to be there (the
 * document's own order example has nothing else). Show names with `patientDisplayName`.
 */
export const patientDetailsResponseSchema = z.looseObject({
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  dob: z.string(),
  gender: z.string(),
  phone_number: z.string().nullish(),
  email: z.string().nullish(),
  medical_proxy: z.looseObject({}).nullish(),
  race: openEnum(RACES).nullish(),
  ethnicity: openEnum(ETHNICITIES).nullish(),
  sexual_orientation: openEnum(SEXUAL_ORIENTATIONS).nullish(),
  gender_identity: openEnum(GENDER_IDENTITIES).nullish(),
});
export type PatientDetailsResponse = z.infer<typeof patientDetailsResponseSchema>;

export const UNNAMED_PATIENT = 'Unnamed patient';

/** "First Last" from whichever name parts an order carries, or "Unnamed patient". */
export function patientDisplayName(
  details: Pick<PatientDetailsResponse, 'first_name' | 'last_name'> | null | undefined,
): string {
  const name = [details?.first_name, details?.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || UNNAMED_PATIENT;
}

export const physicianResponseSchema = z.looseObject({
  first_name: z.string(),
  last_name: z.string(),
  npi: z.string(),
});

export const orderSchema = z.looseObject({
  id: z.uuid(),
  user_id: z.uuid(),
  team_id: z.uuid(),
  patient_details: patientDetailsResponseSchema.nullable(),
  patient_address: addressResponseSchema.nullable(),
  lab_test: labTestSchema,
  details: orderDetailsSchema,
  sample_id: z.string().nullable(),
  notes: z.string().nullable(),
  clinical_notes: z.string().nullish(),
  created_at: z.string(),
  updated_at: z.string(),
  events: z.array(orderEventSchema),
  /** Deprecated: never drives the display; use last_event. */
  status: openEnum(TOP_LEVEL_STATUSES).nullish(),
  last_event: orderEventSchema,
  physician: physicianResponseSchema.nullish(),
  health_insurance_id: z.uuid().nullable(),
  /** Deprecated: the signed URL expires after 7 days; use the requisition PDF endpoint. */
  requisition_form_url: z.string().nullish(),
  priority: z.boolean().default(false),
  shipping_details: shippingAddressSchema.nullable(),
  activate_by: z.string().nullish(),
  passthrough: z.string().nullish(),
  billing_type: openEnum(BILLING_TYPES).default('client_bill'),
  icd_codes: z.array(z.string()).nullish(),
  has_abn: z.boolean(),
  interpretation: openEnum(INTERPRETATIONS).nullish(),
  has_missing_results: z.boolean().nullish(),
  expected_result_by_date: z.string().nullish(),
  worst_case_result_by_date: z.string().nullish(),
  origin: openEnum(ORDER_ORIGINS).nullish(),
  order_transaction: orderTransactionSchema.nullish(),
});
export type Order = z.infer<typeof orderSchema>;

export const postOrderResponseSchema = z.looseObject({
  order: orderSchema,
  status: z.string(),
  message: z.string(),
});

export const ordersPageSchema = z.looseObject({
  orders: z.array(orderSchema),
  total: z.number().int().nullish(),
  page: z.number().int().nullish(),
  size: z.number().int().nullish(),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;
