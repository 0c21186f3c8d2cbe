import { parseOrderStatus } from '../../../contract/status';
import {
  isKnown,
  type CollectionMethod,
  type LowLevelStatus,
  type TopLevelStatus,
  COLLECTION_METHODS,
  CONSENT_TYPES,
  LOW_LEVEL_STATUSES,
  DELEGATED_FLOWS,
  ORDER_STATUS_DETAILS,
  TOP_LEVEL_STATUSES,
} from '../../../contract/enums';
import { humanize } from './format';

/*
 * Words for the codes of the Lab API. Every enum there is non-exhaustive: a code
 * with no words here is shown humanised (`held_at_customs` → "Held at customs"),
 * never as an error.
 */

const LOW_LEVEL_WORDS: Record<LowLevelStatus, string> = {
  ordered: 'Ordered',
  awaiting_registration: 'Awaiting registration',
  registered: 'Registered',
  requisition_created: 'Requisition created',
  requisition_bypassed: 'Requisition bypassed',
  transit_customer: 'In transit to patient',
  out_for_delivery: 'Out for delivery',
  with_customer: 'With patient',
  transit_lab: 'In transit to lab',
  problem_in_transit_customer: 'Problem in transit to patient',
  problem_in_transit_lab: 'Problem in transit to lab',
  appointment_pending: 'Appointment pending',
  appointment_scheduled: 'Appointment scheduled',
  appointment_cancelled: 'Appointment cancelled',
  redraw_available: 'Redraw available',
  draw_completed: 'Draw completed',
  delivered_to_lab: 'Delivered to lab',
  lab_processing_blocked: 'Lab processing blocked',
  partial_results: 'Partial results',
  completed: 'Completed',
  corrected: 'Corrected',
  failure_to_deliver_to_customer: 'Failed to deliver to patient',
  failure_to_deliver_to_lab: 'Failed to deliver to lab',
  sample_error: 'Sample error',
  lost: 'Lost',
  cancelled: 'Cancelled',
  do_not_process: 'Do not process',
};

const TOP_LEVEL_WORDS: Record<TopLevelStatus, string> = {
  received: 'Received',
  collecting_sample: 'Collecting sample',
  sample_with_lab: 'Sample with lab',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

const METHOD_WORDS: Record<CollectionMethod, string> = {
  testkit: 'Test kit',
  walk_in_test: 'Walk-in test',
  at_home_phlebotomy: 'At-home phlebotomy',
  on_site_collection: 'On-site collection',
};

const STATUS_DETAIL_WORDS: Record<(typeof ORDER_STATUS_DETAILS)[number], string> = {
  fulfillment_error: 'Fulfillment error',
  date_of_collection_unspecified: 'Date of collection not given',
  demographic_information_unspecified: 'Demographic information not given',
  demographic_information_mismatch: 'Demographic information does not match',
  sample_quantity_not_sufficient: 'Sample quantity not sufficient',
  sample_contaminated: 'Sample contaminated',
  sample_stability_exceeded: 'Sample stability exceeded',
  sample_hemolyzed: 'Sample hemolyzed',
  sample_improper_collection: 'Sample improperly collected',
};

const DELEGATED_FLOW_WORDS: Record<(typeof DELEGATED_FLOWS)[number], string> = {
  order_delegated: 'Order delegated',
  result_delegated: 'Result delegated',
  fully_delegated: 'Fully delegated',
  not_delegated: 'Not delegated',
};

export interface StatusLabel {
  /** What the order is doing now, in words: "Out for delivery", "Held at customs". */
  text: string;
  /** The stage it belongs to ("Collecting sample"), when the status names one. */
  stage: string | null;
  /** A known top-level status, for styling; null when the stage is new to us. */
  tone: TopLevelStatus | null;
  raw: string;
}

/** An order event's `<top_level>.<method>.<low_level>` status, in words. */
export function describeStatus(raw: string): StatusLabel {
  const status = parseOrderStatus(raw);
  const stage = status.knownTopLevel
    ? TOP_LEVEL_WORDS[status.knownTopLevel]
    : status.topLevel && status.lowLevel
      ? humanize(status.topLevel)
      : null;
  let text: string;
  if (status.knownLowLevel) text = LOW_LEVEL_WORDS[status.knownLowLevel];
  else if (status.lowLevel) text = humanize(status.lowLevel);
  else text = humanize(raw);
  return { text, stage, tone: status.knownTopLevel, raw };
}

/** A low-level status alone (the orders filter): the same words as the table's. */
export function describeLowLevelStatus(code: string): string {
  return isKnown(LOW_LEVEL_STATUSES, code) ? LOW_LEVEL_WORDS[code] : humanize(code);
}

const CONSENT_WORDS: Record<(typeof CONSENT_TYPES)[number], string> = {
  'terms-of-use': 'Terms of use',
  'telehealth-informed-consent': 'Telehealth informed consent',
  'mobile-terms-and-conditions': 'Mobile terms and conditions',
  'notice-of-privacy-practices': 'Notice of privacy practices',
  'privacy-policy': 'Privacy policy',
  'hipaa-authorization': 'HIPAA authorization',
};

export function describeConsent(type: string): string {
  return isKnown(CONSENT_TYPES, type) ? CONSENT_WORDS[type] : humanize(type);
}

export function describeCollectionMethod(method: string): string {
  return isKnown(COLLECTION_METHODS, method) ? METHOD_WORDS[method] : humanize(method);
}

export function describeStatusDetail(detail: string): string {
  return isKnown(ORDER_STATUS_DETAILS, detail) ? STATUS_DETAIL_WORDS[detail] : humanize(detail);
}

export function describeDelegatedFlow(flow: string): string {
  return isKnown(DELEGATED_FLOWS, flow) ? DELEGATED_FLOW_WORDS[flow] : humanize(flow);
}

export function describeTopLevel(top: string): string {
  return isKnown(TOP_LEVEL_STATUSES, top) ? TOP_LEVEL_WORDS[top] : humanize(top);
}
