import { z } from 'zod';
import { MESSAGES } from './messages';
import {
  consentSchema,
  fieldError,
  healthInsuranceSchema,
  patientAddressSchema,
  patientDetailsSchema,
  patientDetailsSchemaFor,
  phoneNumberSchema,
  physicianSchema,
  zipSchema,
} from './orderRequest';

const requiredText = () => z.string(fieldError(MESSAGES.text)).trim().min(1, MESSAGES.required);
const uuid = () => z.uuid(fieldError(MESSAGES.uuid));

/** ShippingAddressWithValidation: where an unregistered testkit is sent. */
export const shippingAddressRequestSchema = z.object(
  {
    receiver_name: requiredText(),
    first_line: requiredText(),
    second_line: z.string(fieldError(MESSAGES.text)).nullish(),
    city: requiredText(),
    state: requiredText(),
    zip: zipSchema,
    country: requiredText(),
    phone_number: phoneNumberSchema,
  },
  fieldError(MESSAGES.object),
);
export type ShippingAddressRequest = z.output<typeof shippingAddressRequestSchema>;

/** POST /v3/order/testkit: an unregistered testkit order (docs/lab-api-facts.md §6). */
export const createTestkitOrderRequestSchema = z.object(
  {
    user_id: uuid(),
    lab_test_id: uuid(),
    shipping_details: shippingAddressRequestSchema,
    passthrough: z.string(fieldError(MESSAGES.text)).nullish(),
    lab_account_id: uuid().nullish(),
  },
  fieldError(MESSAGES.object),
);
export type CreateTestkitOrderRequest = z.output<typeof createTestkitOrderRequestSchema>;

function buildRegister(patientDetails: typeof patientDetailsSchema) {
  return z.object(
    {
      sample_id: z.string(fieldError(MESSAGES.text)).trim().min(1, MESSAGES.sampleId),
      /** When it differs from the order's user, the order is rebound to it. */
      user_id: uuid().optional(),
      patient_details: patientDetails,
      patient_address: patientAddressSchema,
      consents: z.array(consentSchema, fieldError(MESSAGES.list)).default([]),
      physician: physicianSchema.nullish(),
      health_insurance: healthInsuranceSchema.nullish(),
    },
    fieldError(MESSAGES.object),
  );
}

/** POST /v3/order/testkit/register, judged against a fixed "today" (minor rule, dob). */
export function registerTestkitRequestSchemaFor(today: string) {
  return buildRegister(patientDetailsSchemaFor(today));
}

/** POST /v3/order/testkit/register, judged against the current UTC date. */
export const registerTestkitRequestSchema = buildRegister(patientDetailsSchema);
export type RegisterTestkitRequest = z.output<typeof registerTestkitRequestSchema>;
