import { randomInt, randomUUID } from 'node:crypto';
import { orderStatus, type CollectionMethod } from '../../contract';
import type {
  AddressDocument,
  EventDocument,
  OrderDocument,
  PatientDetailsDocument,
} from '../store/orderDocument';

const DAY = 86_400_000;

/** A sample id like the seed's: the kit's or the requisition's barcode. */
export function newSampleId(): string {
  return `SMP${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export function patientDetailsDocument(details: {
  first_name: string;
  last_name: string;
  dob: string;
  gender: string;
  phone_number: string;
  email: string;
  medical_proxy?: unknown;
  race?: string | null | undefined;
  ethnicity?: string | null | undefined;
  sexual_orientation?: string | null | undefined;
  gender_identity?: string | null | undefined;
  household_income?: number | null | undefined;
  household_size?: number | null | undefined;
}): PatientDetailsDocument {
  return {
    first_name: details.first_name,
    last_name: details.last_name,
    dob: `${details.dob}T00:00:00+00:00`,
    gender: details.gender,
    phone_number: details.phone_number,
    email: details.email,
    medical_proxy: (details.medical_proxy as Record<string, unknown> | null | undefined) ?? null,
    // Omitted demographics are recorded as Not Specified by the lab: null here.
    ...{
      race: details.race ?? null,
      ethnicity: details.ethnicity ?? null,
      sexual_orientation: details.sexual_orientation ?? null,
      gender_identity: details.gender_identity ?? null,
      household_income: details.household_income ?? null,
      household_size: details.household_size ?? null,
    },
  };
}

export function addressDocument(address: {
  receiver_name?: string | undefined;
  first_line: string;
  second_line?: string | null | undefined;
  city: string;
  state: string;
  zip: string;
  country: string;
  access_notes?: string | null | undefined;
  phone_number?: string | null | undefined;
}): AddressDocument {
  return {
    receiver_name: address.receiver_name ?? '',
    first_line: address.first_line,
    second_line: address.second_line ?? null,
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: address.country,
    access_notes: address.access_notes ?? null,
    phone_number: address.phone_number ?? null,
  };
}

export function physicianDocument(
  physician: { first_name: string; last_name: string; npi: string } | null | undefined,
): OrderDocument['physician'] {
  return physician
    ? { first_name: physician.first_name, last_name: physician.last_name, npi: physician.npi }
    : null;
}

/** The details member for a method (docs/lab-api-facts.md §6, ClientFacingOrder.details). */
export function detailsFor(method: string, nowIso: string): OrderDocument['details'] {
  const base = { id: randomUUID(), created_at: nowIso, updated_at: nowIso };
  if (method === 'testkit') return { type: 'testkit', data: { ...base, shipment: null } };
  if (method === 'on_site_collection') return { type: method, data: base };
  return { type: method, data: { ...base, appointment_id: null } };
}

/** First events: ordered, then what comes next unless the order waits for activate_by. */
export function firstEvents(
  method: CollectionMethod,
  nowIso: string,
  next: 'requisition_created' | 'awaiting_registration' | null,
): EventDocument[] {
  const events: EventDocument[] = [
    { created_at: nowIso, status: orderStatus(method, 'ordered'), status_detail: null },
  ];
  if (next)
    events.push({ created_at: nowIso, status: orderStatus(method, next), status_detail: null });
  return events;
}

export function resultDates(startMs: number, test: Record<string, unknown>) {
  const days = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    expected_result_by_date: dateOnly(startMs + days(test.common_tat_days, 5) * DAY),
    worst_case_result_by_date: dateOnly(startMs + days(test.worst_case_tat_days, 10) * DAY),
  };
}

/** What a placed order (created or imported) says about its patient and its billing. */
interface PlacedOrderRequest {
  patient_details: Parameters<typeof patientDetailsDocument>[0];
  patient_address: Parameters<typeof addressDocument>[0];
  physician?: Parameters<typeof physicianDocument>[0];
  billing_type: string;
}

/**
 * A new order's document: from the request, with what differs between placing and importing
 * an order in `fields`. Members keep the document's order.
 */
export function newOrderDocument(
  order: {
    id: string;
    userId: string;
    teamId: string;
    method: CollectionMethod;
    nowIso: string;
    request: PlacedOrderRequest;
    /** When the result dates count from. */
    startMs: number;
    test: Record<string, unknown>;
  },
  fields: Pick<
    OrderDocument,
    | 'sample_id'
    | 'clinical_notes'
    | 'health_insurance_id'
    | 'requisition_form_url'
    | 'priority'
    | 'activate_by'
    | 'passthrough'
    | 'icd_codes'
    | 'has_abn'
  >,
): OrderDocument {
  const { request, nowIso } = order;
  return {
    id: order.id,
    user_id: order.userId,
    team_id: order.teamId,
    patient_details: patientDetailsDocument(request.patient_details),
    patient_address: addressDocument(request.patient_address),
    details: detailsFor(order.method, nowIso),
    sample_id: fields.sample_id,
    notes: null,
    clinical_notes: fields.clinical_notes,
    created_at: nowIso,
    updated_at: nowIso,
    physician: physicianDocument(request.physician),
    health_insurance_id: fields.health_insurance_id,
    requisition_form_url: fields.requisition_form_url,
    priority: fields.priority,
    shipping_details: null,
    activate_by: fields.activate_by,
    passthrough: fields.passthrough,
    billing_type: request.billing_type,
    icd_codes: fields.icd_codes,
    has_abn: fields.has_abn,
    interpretation: null,
    has_missing_results: null,
    ...resultDates(order.startMs, order.test),
    origin: 'initial',
    parent_id: null,
  };
}
