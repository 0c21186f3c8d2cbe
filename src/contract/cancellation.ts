import type { CollectionMethod } from './enums';

/*
 * Which low-level statuses an order may be cancelled from (docs/lab-api-facts.md §4, "Cancellability").
 * Every method may cancel before collection starts; walk-in and phlebotomy also while an
 * appointment is pending, scheduled or cancelled; phlebotomy and on-site also once the
 * draw is done. A shipped test kit (transit_customer onward) can no longer be cancelled.
 * The sandbox enforces this and the console offers "Cancel" only where it holds.
 */
const BEFORE_COLLECTION = [
  'ordered',
  'requisition_created',
  'requisition_bypassed',
  'awaiting_registration',
  'registered',
];
const APPOINTMENT = ['appointment_pending', 'appointment_scheduled', 'appointment_cancelled'];

export const CANCELLABLE_FROM: Record<CollectionMethod, readonly string[]> = {
  testkit: BEFORE_COLLECTION,
  walk_in_test: [...BEFORE_COLLECTION, ...APPOINTMENT],
  at_home_phlebotomy: [...BEFORE_COLLECTION, ...APPOINTMENT, 'draw_completed'],
  on_site_collection: [...BEFORE_COLLECTION, 'draw_completed'],
};

/** Whether an order of this method in this low-level status may be cancelled. Unknown → no. */
export function canCancel(method: string, lowLevel: string): boolean {
  const allowed = (CANCELLABLE_FROM as Record<string, readonly string[] | undefined>)[method];
  return allowed?.includes(lowLevel) ?? false;
}

/** The 400 body the Lab API answers for a refused cancel (docs/lab-api-facts.md §2). */
export function cancelRefusal(lowLevel: string) {
  return {
    error: 'Bad Request',
    message: `Transition from ${lowLevel} to cancelled is not allowed`,
    status_code: 400,
  };
}
