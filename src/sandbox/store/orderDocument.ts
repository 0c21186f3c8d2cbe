/*
 * The stored form of an order: ClientFacingOrder without the parts assembled on read
 * (events and last_event from order_event, lab_test from the catalogue, order_transaction
 * from its members, and the deprecated top-level status from the last event).
 */

export interface PatientDetailsDocument {
  first_name: string;
  last_name: string;
  /** Typed as a date-time in responses (description, Order). */
  dob: string;
  gender: string;
  phone_number: string | null;
  email: string | null;
  medical_proxy?: Record<string, unknown> | null;
}

export interface AddressDocument {
  receiver_name: string;
  first_line: string;
  second_line: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  access_notes: string | null;
  phone_number: string | null;
}

export interface ShippingDocument {
  receiver_name: string;
  first_line: string;
  second_line: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone_number: string;
}

export interface OrderDocument {
  id: string;
  user_id: string;
  team_id: string;
  patient_details: PatientDetailsDocument | null;
  patient_address: AddressDocument | null;
  details: { type: string; data: Record<string, unknown> | null };
  sample_id: string | null;
  notes: string | null;
  clinical_notes: string | null;
  created_at: string;
  updated_at: string;
  physician: { first_name: string; last_name: string; npi: string } | null;
  health_insurance_id: string | null;
  requisition_form_url: string | null;
  priority: boolean;
  shipping_details: ShippingDocument | null;
  activate_by: string | null;
  passthrough: string | null;
  billing_type: string;
  icd_codes: string[] | null;
  has_abn: boolean;
  interpretation: string | null;
  has_missing_results: boolean | null;
  expected_result_by_date: string | null;
  worst_case_result_by_date: string | null;
  origin: string | null;
  parent_id: string | null;
}

export interface EventDocument {
  created_at: string;
  status: string;
  status_detail: string | null;
}

/** What a write hands to the store: the document, its lab test and its history. */
export interface OrderRecord {
  document: OrderDocument;
  labTestId: string;
  method: string;
  orderTransactionId: string | null;
  events: EventDocument[];
}
