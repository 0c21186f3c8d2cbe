import type { CollectionMethod } from '../../contract';

/*
 * The arrows the local Lab API walks when it simulates an order (docs/lab-api-facts.md §4), per method.
 * Each list is ordered success-first, so the shortest path found breadth-first is the
 * path a real order takes. Prose-only statuses (problems in transit, processing blocked,
 * lost) are reachable so a simulation may end there. Registrable test kits join the
 * patient-bound path once registered.
 */
type Graph = Record<string, string[]>;

const TESTKIT: Graph = {
  ordered: ['requisition_created', 'awaiting_registration', 'requisition_bypassed', 'cancelled'],
  awaiting_registration: ['transit_customer', 'cancelled'],
  requisition_created: ['transit_customer', 'cancelled', 'do_not_process'],
  requisition_bypassed: ['transit_customer', 'cancelled'],
  transit_customer: [
    'out_for_delivery',
    'failure_to_deliver_to_customer',
    'problem_in_transit_customer',
    'lost',
  ],
  problem_in_transit_customer: ['out_for_delivery', 'failure_to_deliver_to_customer'],
  out_for_delivery: ['with_customer', 'failure_to_deliver_to_customer'],
  with_customer: ['transit_lab'],
  registered: ['transit_lab'],
  transit_lab: ['delivered_to_lab', 'failure_to_deliver_to_lab', 'problem_in_transit_lab', 'lost'],
  problem_in_transit_lab: ['delivered_to_lab', 'failure_to_deliver_to_lab'],
  delivered_to_lab: ['completed', 'sample_error', 'lab_processing_blocked'],
  lab_processing_blocked: ['completed', 'sample_error'],
  completed: ['corrected'],
};

const WALK_IN: Graph = {
  ordered: ['requisition_created', 'requisition_bypassed', 'cancelled'],
  requisition_created: ['appointment_pending', 'cancelled'],
  requisition_bypassed: ['appointment_pending', 'cancelled'],
  appointment_pending: ['appointment_scheduled', 'cancelled'],
  appointment_scheduled: [
    'completed',
    'partial_results',
    'redraw_available',
    'sample_error',
    'appointment_cancelled',
    'cancelled',
  ],
  appointment_cancelled: ['appointment_pending', 'cancelled'],
  partial_results: ['completed'],
  completed: ['corrected'],
};

const PHLEBOTOMY: Graph = {
  ordered: ['requisition_created', 'requisition_bypassed', 'cancelled'],
  requisition_created: ['appointment_pending', 'cancelled'],
  requisition_bypassed: ['appointment_pending', 'cancelled'],
  appointment_pending: ['appointment_scheduled', 'appointment_cancelled', 'cancelled'],
  appointment_scheduled: ['draw_completed', 'appointment_cancelled', 'cancelled'],
  appointment_cancelled: ['appointment_pending', 'appointment_scheduled', 'cancelled'],
  draw_completed: ['completed', 'partial_results', 'sample_error', 'cancelled'],
  partial_results: ['completed'],
  completed: ['corrected'],
};

const ON_SITE: Graph = {
  ordered: ['requisition_created', 'requisition_bypassed', 'cancelled'],
  requisition_created: ['draw_completed', 'cancelled'],
  requisition_bypassed: ['draw_completed', 'cancelled'],
  draw_completed: ['completed', 'partial_results', 'sample_error', 'cancelled'],
  partial_results: ['completed'],
  completed: ['corrected'],
};

export const TRANSITIONS: Record<CollectionMethod, Graph> = {
  testkit: TESTKIT,
  walk_in_test: WALK_IN,
  at_home_phlebotomy: PHLEBOTOMY,
  on_site_collection: ON_SITE,
};

/**
 * The statuses to pass through, after `from`, to reach `to` (empty when already there),
 * or null when the method's state machine has no way there.
 */
export function pathTo(method: string, from: string, to: string): string[] | null {
  const graph = (TRANSITIONS as Record<string, Graph | undefined>)[method];
  if (!graph) return null;
  if (from === to) return [];
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    for (const next of graph[current] ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, current);
      if (next === to) {
        const path = [to];
        let step = current;
        while (step !== from) {
          path.unshift(step);
          step = previous.get(step) as string;
        }
        return path;
      }
      queue.push(next);
    }
  }
  return null;
}

/** Statuses after which nothing more is expected of an order. */
export const TERMINAL = new Set([
  'completed',
  'corrected',
  'cancelled',
  'do_not_process',
  'failure_to_deliver_to_customer',
  'failure_to_deliver_to_lab',
  'sample_error',
  'lost',
  'redraw_available',
]);
