import {
  LOW_LEVEL_STATUSES,
  isKnown,
  orderStatus,
  type CollectionMethod,
  type LowLevelStatus,
} from '../../contract';

/*
 * Where each seeded order has got to. Every scenario walks the state machine of its
 * collection method (docs/lab-api-facts.md §4) from `ordered`, one allowed arrow at a time, so the
 * events read like a real order's history. The seed covers each scenario once, then
 * draws more of the common ones.
 */

export interface Step {
  /** The low-level status (the last part of `status`), which may be one we have never seen. */
  low: string;
  status: string;
  status_detail?: string;
}

export interface Scenario {
  method: CollectionMethod;
  steps: Step[];
  /** How often the scenario is drawn after the first pass. */
  weight: number;
  /** A registrable (unregistered at creation) testkit: `POST /v3/order/testkit`. */
  registrable?: boolean;
}

function walk(method: CollectionMethod, lows: LowLevelStatus[], detail?: string): Step[] {
  return lows.map((low, index) => ({
    low,
    status: orderStatus(method, low),
    ...(detail && index === lows.length - 1 ? { status_detail: detail } : {}),
  }));
}

/** A status the contract has never seen, appended after a known path. */
function unknownAfter(method: CollectionMethod, lows: LowLevelStatus[], status: string): Step[] {
  const low = status.split('.').slice(2).join('.');
  if (isKnown(LOW_LEVEL_STATUSES, low)) throw new Error(`${status} is a known status`);
  return [...walk(method, lows), { low, status }];
}

const TK_SHIPPED: LowLevelStatus[] = ['ordered', 'requisition_created', 'transit_customer'];
const TK_RETURNING: LowLevelStatus[] = [
  ...TK_SHIPPED,
  'out_for_delivery',
  'with_customer',
  'transit_lab',
];
const TK_AT_LAB: LowLevelStatus[] = [...TK_RETURNING, 'delivered_to_lab'];
const TK_REGISTERED: LowLevelStatus[] = [
  'ordered',
  'awaiting_registration',
  'transit_customer',
  'out_for_delivery',
  'with_customer',
  'registered',
];

const testkit = (lows: LowLevelStatus[], weight: number, detail?: string): Scenario => ({
  method: 'testkit',
  steps: walk('testkit', lows, detail),
  weight,
});

export const TESTKIT_SCENARIOS: Scenario[] = [
  testkit(['ordered'], 2),
  testkit(['ordered', 'requisition_created'], 2),
  testkit(['ordered', 'requisition_bypassed'], 1),
  testkit(TK_SHIPPED, 3),
  testkit([...TK_SHIPPED, 'out_for_delivery'], 2),
  testkit([...TK_SHIPPED, 'out_for_delivery', 'with_customer'], 3),
  testkit(TK_RETURNING, 3),
  testkit(TK_AT_LAB, 3),
  testkit([...TK_AT_LAB, 'completed'], 8),
  testkit([...TK_AT_LAB, 'completed', 'corrected'], 1),
  testkit([...TK_AT_LAB, 'lab_processing_blocked'], 1, 'demographic_information_mismatch'),
  testkit([...TK_AT_LAB, 'sample_error'], 1, 'sample_quantity_not_sufficient'),
  testkit([...TK_SHIPPED, 'problem_in_transit_customer'], 1),
  testkit([...TK_RETURNING, 'problem_in_transit_lab'], 1),
  testkit([...TK_SHIPPED, 'failure_to_deliver_to_customer'], 1),
  testkit([...TK_SHIPPED, 'out_for_delivery', 'failure_to_deliver_to_customer'], 1),
  testkit([...TK_RETURNING, 'failure_to_deliver_to_lab'], 1),
  testkit([...TK_RETURNING, 'lost'], 1),
  testkit(['ordered', 'cancelled'], 2),
  testkit(['ordered', 'requisition_created', 'cancelled'], 1),
  testkit(['ordered', 'requisition_created', 'do_not_process'], 1),
  { ...testkit(TK_REGISTERED, 1), registrable: true },
  {
    ...testkit(
      [...TK_REGISTERED, 'requisition_created', 'transit_lab', 'delivered_to_lab', 'completed'],
      1,
    ),
    registrable: true,
  },
];

const WI_BOOKED: LowLevelStatus[] = [
  'ordered',
  'requisition_created',
  'appointment_pending',
  'appointment_scheduled',
];
const walkIn = (lows: LowLevelStatus[], weight: number, detail?: string): Scenario => ({
  method: 'walk_in_test',
  steps: walk('walk_in_test', lows, detail),
  weight,
});

export const WALK_IN_SCENARIOS: Scenario[] = [
  walkIn(['ordered'], 2),
  walkIn(['ordered', 'requisition_created'], 2),
  walkIn(['ordered', 'requisition_bypassed'], 1),
  walkIn(['ordered', 'requisition_created', 'appointment_pending'], 2),
  walkIn(WI_BOOKED, 3),
  walkIn([...WI_BOOKED, 'appointment_cancelled'], 1),
  walkIn(['ordered', 'requisition_created', 'partial_results'], 1),
  walkIn([...WI_BOOKED, 'partial_results'], 2),
  walkIn([...WI_BOOKED, 'completed'], 8),
  walkIn([...WI_BOOKED, 'partial_results', 'completed'], 3),
  walkIn([...WI_BOOKED, 'completed', 'corrected'], 1),
  walkIn([...WI_BOOKED, 'sample_error'], 1, 'sample_hemolyzed'),
  walkIn(['ordered', 'cancelled'], 2),
  walkIn([...WI_BOOKED, 'appointment_cancelled', 'cancelled'], 1),
];

const PH_BOOKED: LowLevelStatus[] = [
  'ordered',
  'requisition_created',
  'appointment_pending',
  'appointment_scheduled',
];
const phlebotomy = (lows: LowLevelStatus[], weight: number, detail?: string): Scenario => ({
  method: 'at_home_phlebotomy',
  steps: walk('at_home_phlebotomy', lows, detail),
  weight,
});

export const PHLEBOTOMY_SCENARIOS: Scenario[] = [
  phlebotomy(['ordered'], 2),
  phlebotomy(['ordered', 'requisition_created'], 2),
  phlebotomy(['ordered', 'requisition_bypassed'], 1),
  phlebotomy(['ordered', 'requisition_created', 'appointment_pending'], 2),
  phlebotomy(PH_BOOKED, 3),
  phlebotomy(['ordered', 'requisition_created', 'appointment_pending', 'appointment_cancelled'], 1),
  phlebotomy([...PH_BOOKED, 'draw_completed'], 2),
  phlebotomy([...PH_BOOKED, 'draw_completed', 'partial_results'], 1),
  phlebotomy([...PH_BOOKED, 'draw_completed', 'completed'], 8),
  phlebotomy([...PH_BOOKED, 'draw_completed', 'partial_results', 'completed'], 2),
  phlebotomy([...PH_BOOKED, 'draw_completed', 'completed', 'corrected'], 1),
  phlebotomy([...PH_BOOKED, 'draw_completed', 'sample_error'], 1, 'sample_improper_collection'),
  phlebotomy(['ordered', 'cancelled'], 2),
  phlebotomy([...PH_BOOKED, 'appointment_cancelled', 'cancelled'], 1),
];

const OS_DRAWN: LowLevelStatus[] = ['ordered', 'requisition_created', 'draw_completed'];
const onSite = (lows: LowLevelStatus[], weight: number, detail?: string): Scenario => ({
  method: 'on_site_collection',
  steps: walk('on_site_collection', lows, detail),
  weight,
});

export const ON_SITE_SCENARIOS: Scenario[] = [
  onSite(['ordered'], 2),
  onSite(['ordered', 'requisition_created'], 2),
  onSite(['ordered', 'requisition_bypassed'], 1),
  onSite(OS_DRAWN, 3),
  onSite([...OS_DRAWN, 'partial_results'], 2),
  onSite([...OS_DRAWN, 'completed'], 8),
  onSite([...OS_DRAWN, 'partial_results', 'completed'], 2),
  onSite([...OS_DRAWN, 'completed', 'corrected'], 1),
  onSite([...OS_DRAWN, 'sample_error'], 1, 'sample_stability_exceeded'),
  onSite(['ordered', 'cancelled'], 2),
  onSite(['ordered', 'requisition_created', 'cancelled'], 1),
];

export const SCENARIOS_BY_METHOD: Record<CollectionMethod, Scenario[]> = {
  testkit: TESTKIT_SCENARIOS,
  walk_in_test: WALK_IN_SCENARIOS,
  at_home_phlebotomy: PHLEBOTOMY_SCENARIOS,
  on_site_collection: ON_SITE_SCENARIOS,
};

/** Statuses the contract has never seen: the console must show them as text, not crash. */
export const UNKNOWN_STATUS_SCENARIOS: Scenario[] = [
  {
    method: 'testkit',
    steps: unknownAfter('testkit', TK_SHIPPED, 'collecting_sample.testkit.held_at_customs'),
    weight: 0,
  },
  {
    method: 'walk_in_test',
    steps: unknownAfter(
      'walk_in_test',
      ['ordered', 'requisition_created'],
      'received.walk_in_test.insurance_review',
    ),
    weight: 0,
  },
  {
    method: 'at_home_phlebotomy',
    steps: unknownAfter(
      'at_home_phlebotomy',
      PH_BOOKED,
      'collecting_sample.at_home_phlebotomy.phlebotomist_en_route',
    ),
    weight: 0,
  },
  {
    // An unknown top level too, so no part of the status can be assumed.
    method: 'on_site_collection',
    steps: unknownAfter(
      'on_site_collection',
      OS_DRAWN,
      'on_hold.on_site_collection.awaiting_payment',
    ),
    weight: 0,
  },
];

/** The walk-in redraw (docs/lab-api-facts.md §4): the initial order ends redraw_available, the redraw completes. */
export const REDRAW_INITIAL: Scenario = walkIn([...WI_BOOKED, 'redraw_available'], 0);
export const REDRAW_CHILD: Scenario = walkIn([...WI_BOOKED, 'completed'], 0);

/** Unregistered testkits waiting for the patient to register the kit. */
export const UNREGISTERED: Scenario = {
  ...testkit(['ordered', 'awaiting_registration'], 0),
  registrable: true,
};
