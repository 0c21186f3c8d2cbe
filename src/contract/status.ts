import {
  COLLECTION_METHODS,
  LOW_LEVEL_STATUSES,
  TOP_LEVEL_STATUSES,
  isKnown,
  type CollectionMethod,
  type LowLevelStatus,
  type TopLevelStatus,
} from './enums';

/**
 * An order status is `<top_level>.<collection_method>.<low_level>`. The enum is
 * non-exhaustive, so every part may be a value we have never seen: parsing keeps
 * the raw text and says which parts are known.
 */
export interface ParsedOrderStatus {
  raw: string;
  topLevel: string;
  method: string;
  lowLevel: string;
  knownTopLevel: TopLevelStatus | null;
  knownMethod: CollectionMethod | null;
  knownLowLevel: LowLevelStatus | null;
}

export function parseOrderStatus(raw: string): ParsedOrderStatus {
  const [topLevel = '', method = '', ...rest] = raw.split('.');
  const lowLevel = rest.join('.');
  return {
    raw,
    topLevel,
    method,
    lowLevel,
    knownTopLevel: isKnown(TOP_LEVEL_STATUSES, topLevel) ? topLevel : null,
    knownMethod: isKnown(COLLECTION_METHODS, method) ? method : null,
    knownLowLevel: isKnown(LOW_LEVEL_STATUSES, lowLevel)
      ? lowLevel
      : lowLevel === TESTKIT_REGISTERED_EVENT
        ? 'registered'
        : null,
  };
}

/**
 * The description names the testkit registration event `received.testkit.testkit_registered`
 * and, by the facts' precedence rule 1, the description wins over the spec's
 * `received.testkit.registered`: its low part is the low-level status `registered`.
 */
const TESTKIT_REGISTERED_EVENT = 'testkit_registered';

/** Top level of each low-level status (docs/lab-api-facts.md §3: "top level is fixed per low status"). */
export const TOP_LEVEL_OF: Record<LowLevelStatus, TopLevelStatus> = {
  ordered: 'received',
  awaiting_registration: 'received',
  registered: 'received',
  requisition_created: 'received',
  requisition_bypassed: 'received',
  transit_customer: 'collecting_sample',
  out_for_delivery: 'collecting_sample',
  with_customer: 'collecting_sample',
  transit_lab: 'collecting_sample',
  problem_in_transit_customer: 'collecting_sample',
  problem_in_transit_lab: 'collecting_sample',
  appointment_pending: 'collecting_sample',
  appointment_scheduled: 'collecting_sample',
  appointment_cancelled: 'collecting_sample',
  redraw_available: 'collecting_sample',
  // draw_completed is collecting_sample for phlebotomy, sample_with_lab on site: see orderStatus().
  draw_completed: 'collecting_sample',
  delivered_to_lab: 'sample_with_lab',
  lab_processing_blocked: 'sample_with_lab',
  partial_results: 'sample_with_lab',
  completed: 'completed',
  corrected: 'completed',
  failure_to_deliver_to_customer: 'failed',
  failure_to_deliver_to_lab: 'failed',
  sample_error: 'failed',
  lost: 'failed',
  cancelled: 'cancelled',
  do_not_process: 'cancelled',
};

/** The full status string the API emits for a method and a low-level status. */
export function orderStatus(method: CollectionMethod, lowLevel: LowLevelStatus): string {
  const top =
    lowLevel === 'draw_completed' && method === 'on_site_collection'
      ? 'sample_with_lab'
      : TOP_LEVEL_OF[lowLevel];
  const low =
    lowLevel === 'registered' && method === 'testkit' ? TESTKIT_REGISTERED_EVENT : lowLevel;
  return `${top}.${method}.${low}`;
}
