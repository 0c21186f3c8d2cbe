import type { ColumnType, Generated } from 'kysely';

/*
 * The local Lab API's tables. Each resource keeps its response document as JSON plus
 * the projection columns that filters and sorts need, so a page is one indexed query
 * and the JSON is returned as stored.
 */

export interface TeamTable {
  id: string;
  name: string;
  created_at: string;
}

export interface LabTable {
  id: number;
  slug: string;
  /** ClientFacingLab as returned. */
  document: string;
}

export interface MarkerTable {
  id: number;
  lab_id: number;
  name: string;
  a_la_carte_enabled: number;
  /** The marker as returned (ClientFacingMarker). */
  document: string;
}

export interface LabTestTable {
  id: string;
  team_id: string;
  lab_id: number | null;
  name: string;
  method: string;
  status: string;
  created_at: string;
  /** ClientFacingLabTest without `lab` and `markers`, which are joined on read. */
  document: string;
}

export interface LabTestMarkerTable {
  lab_test_id: string;
  marker_id: number;
  position: number;
}

export interface LabAccountTable {
  id: string;
  team_id: string;
  status: string;
  document: string;
}

/** A team's user: the patient an order is for, keyed by the team's own client_user_id. */
export interface UserTable {
  id: string;
  team_id: string;
  client_user_id: string;
  created_on: string;
  /** The demographics last used for this user (first order's patient_details and address). */
  document: string;
  /** Set when the user is scheduled for deletion (migration 002); undone within 7 days. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One X-Idempotency-Key of POST /v3/order (migration 002): the first answer, kept 24 h. */
export interface IdempotencyKeyTable {
  team_id: string;
  key: string;
  state: 'running' | 'done';
  status_code: number | null;
  body: string | null;
  created_at: string;
}

export interface OrderTransactionTable {
  id: string;
  team_id: string;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface OrderTable {
  id: string;
  team_id: string;
  user_id: string;
  lab_test_id: string;
  method: string;
  /** The low-level part of the last event's status (may be a value the contract never saw). */
  low_level_status: string;
  /** The last event's full status string. */
  last_status: string;
  last_status_created_at: string;
  created_at: string;
  updated_at: string;
  interpretation: string | null;
  is_critical: number;
  activate_by: string | null;
  patient_first_name: string | null;
  patient_last_name: string | null;
  patient_dob: string | null;
  shipping_recipient_name: string | null;
  order_transaction_id: string | null;
  origin: string | null;
  parent_id: string | null;
  sample_id: string | null;
  /** ClientFacingOrder without events, last_event, status, lab_test and order_transaction. */
  document: string;
}

export interface OrderEventTable {
  /** Ascending per order, as the description requires of `events`. */
  id: Generated<number>;
  order_id: string;
  created_at: string;
  status: string;
  status_detail: string | null;
}

/** An unmatched result (docs/lab-api-facts.md §9): the item as returned, plus its filter columns. */
export interface UnmatchedResultTable {
  id: string;
  team_id: string;
  status: string;
  decision_code: string;
  lab_slug: string;
  /** "first last", lower-cased, for `search_input`. */
  patient_name: string | null;
  patient_dob: string | null;
  created_at: string;
  document: string;
}

/** A lab-report parsing job; `document` is the ParsingJob as returned. */
export interface ParsingJobTable {
  id: string;
  team_id: string;
  status: string;
  report_type: string;
  file: Uint8Array | null;
  created_at: string;
  document: string;
}

export interface OrderResultTable {
  order_id: string;
  created_at: string;
  document: string;
}

export interface OrderSimulationTable {
  order_id: string;
  /** JSON array of the low-level statuses still to walk. */
  remaining: string;
  delay_ms: number;
  next_at: string;
  /** JSON SimulateBody. */
  options: string;
}

export interface PhlebotomyAppointmentTable {
  id: string;
  order_id: string;
  status: string;
  created_at: string;
  /** ClientFacingAppointment as returned. */
  document: string;
}

/** A patient service centre appointment (migration 006). */
export interface PscAppointmentTable {
  id: string;
  order_id: string;
  site_code: string;
  start_at: string;
  status: string;
  created_at: string;
  /** ClientFacingAppointment as returned. */
  document: string;
}

/** The first successful answer of a PSC booking per `x-idempotency-key`, kept 14 days. */
export interface PscBookingKeyTable {
  team_id: string;
  key: string;
  body: string;
  created_at: string;
}

/** SMS to the patient per order (migration 006); no row = the default, on. */
export interface OrderCommunicationSettingTable {
  order_id: string;
  sms_enabled: number;
  updated_at: string;
}

/** Each change of a scheduled order's activation date (migration 006). */
export interface OrderActivationChangeTable {
  id: Generated<number>;
  order_id: string;
  activate_by: string | null;
  created_at: string;
}

/** A webhook message (migration 005): what every endpoint is sent, under one svix-id. */
export interface WebhookMessageTable {
  seq: Generated<number>;
  id: string;
  team_id: string;
  event_type: string;
  payload: string;
  created_at: string;
  fanned_out: ColumnType<number, number | undefined, number>;
}

/** One endpoint's delivery of a message, with its attempts so far and when the next is due. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  message_seq: number;
  endpoint_url: string;
  status: 'pending' | 'succeeded' | 'failed' | 'dropped';
  attempts: ColumnType<number, number | undefined, number>;
  next_at: number;
  last_response_status: number | null;
  last_error: string | null;
  updated_at: string;
}

/** A management key of the organisation (management API), kept as a digest. */
export interface ManagementKeyTable {
  id: string;
  label: string;
  role: 'org_admin' | 'team_admin';
  /** JSON array of team ids. */
  team_ids: string;
  key_digest: string;
  created_at: string;
}

/** A team API key made through the management API, kept as a digest. */
export interface TeamApiKeyTable {
  id: string;
  team_id: string;
  environment: string;
  region: string;
  label: string;
  key_digest: string;
  masked: string;
  created_at: string;
}

/** A webhook endpoint of a team and environment (management API). */
export interface WebhookEndpointTable {
  id: string;
  team_id: string;
  environment: string;
  url: string;
  description: string;
  rate_limit: number | null;
  disabled: number;
  filter_types: string | null;
  headers: string;
  secret: string;
  previous_secret: string | null;
  previous_until: number | null;
  host_endpoint: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** The AoE answers and consents an order was placed with, as JSON (migration 009). */
export interface OrderAnswersTable {
  order_id: string;
  aoe_answers: string;
  consents: string;
}

export interface SandboxDatabase {
  management_key: ManagementKeyTable;
  team_api_key: TeamApiKeyTable;
  webhook_endpoint: WebhookEndpointTable;
  team: TeamTable;
  lab: LabTable;
  marker: MarkerTable;
  lab_test: LabTestTable;
  lab_test_marker: LabTestMarkerTable;
  lab_account: LabAccountTable;
  lab_user: UserTable;
  order_transaction: OrderTransactionTable;
  lab_order: OrderTable;
  order_event: OrderEventTable;
  order_answers: OrderAnswersTable;
  idempotency_key: IdempotencyKeyTable;
  unmatched_result: UnmatchedResultTable;
  parsing_job: ParsingJobTable;
  order_result: OrderResultTable;
  order_simulation: OrderSimulationTable;
  phlebotomy_appointment: PhlebotomyAppointmentTable;
  psc_appointment: PscAppointmentTable;
  psc_booking_key: PscBookingKeyTable;
  order_communication_setting: OrderCommunicationSettingTable;
  order_activation_change: OrderActivationChangeTable;
  webhook_message: WebhookMessageTable;
  webhook_delivery: WebhookDeliveryTable;
}
