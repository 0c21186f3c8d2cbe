import type { Order } from '../../../../contract/order';
import { DRAW_COMPLETABLE } from '../../../../contract/orderActions';
import { parseOrderStatus } from '../../../../contract/status';

/** Where on the order page a step is done: the section ids the header links to. */
export type OrderSection = 'results' | 'appointment' | 'walk-in' | 'actions' | 'timeline';

export interface NextStep {
  /** What the reader does next, as a link's words. */
  label: string;
  section: OrderSection;
}

export interface StepAbilities {
  /** Coordinators' work: booking, cancelling, marking draws. */
  canAct: boolean;
  canReadResults: boolean;
}

/**
 * The one thing the order's header offers next, read from its latest status: results to
 * read, an appointment to book, a draw to mark done. Null while the order only waits (in
 * transit, at the lab), when the header's status and dates say all there is.
 */
export function nextStep(
  order: {
    last_event: Pick<Order['last_event'], 'status'>;
    details: Pick<Order['details'], 'type'>;
  },
  can: StepAbilities,
): NextStep | null {
  const { lowLevel } = parseOrderStatus(order.last_event.status);
  const method = order.details.type;
  if (['completed', 'corrected', 'partial_results'].includes(lowLevel)) {
    return can.canReadResults ? { label: 'Read the results', section: 'results' } : null;
  }
  if (!can.canAct) return null;
  const awaitingCollection = ['ordered', 'requisition_created', 'requisition_bypassed'];
  if (method === 'at_home_phlebotomy') {
    if (
      [
        ...awaitingCollection,
        'appointment_pending',
        'appointment_cancelled',
        'redraw_available',
      ].includes(lowLevel)
    ) {
      return { label: 'Book the at-home draw', section: 'appointment' };
    }
    if (lowLevel === 'appointment_scheduled') {
      return { label: 'See the appointment', section: 'appointment' };
    }
  }
  if (method === 'walk_in_test') {
    if (
      [
        ...awaitingCollection,
        'appointment_pending',
        'appointment_cancelled',
        'redraw_available',
      ].includes(lowLevel)
    ) {
      return { label: 'Book a patient service centre visit', section: 'walk-in' };
    }
    if (lowLevel === 'appointment_scheduled') {
      return { label: 'See the visit', section: 'walk-in' };
    }
  }
  if (
    method === 'on_site_collection' &&
    (DRAW_COMPLETABLE as readonly string[]).includes(lowLevel)
  ) {
    return { label: 'Mark the draw completed', section: 'actions' };
  }
  return null;
}
