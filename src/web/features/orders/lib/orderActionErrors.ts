import { describeError, isApiError } from '../../../shared/api/client';

/*
 * The Lab API's refusals of an order action, in the words of the person at the desk.
 * The document names three 400s for a new activation date (PATCH /v3/order/{id});
 * anything else is shown as the Lab API said it.
 */

const ACTIVATION_REFUSALS: [RegExp, string][] = [
  [
    /not modifiable|only ordered or awaiting_registration/i,
    'This order has already been sent on to the lab, so its activation date can no longer change. Only orders still waiting (ordered, or a kit awaiting registration) can be rescheduled.',
  ],
  [
    /immediate processing/i,
    'This order was placed to start at once. An order placed without an activation date cannot be given one afterwards: cancel it and place a scheduled order instead.',
  ],
  [/past/i, 'The activation date cannot be in the past: choose today or a later date.'],
];

export function explainActivationRefusal(error: unknown): string {
  if (isApiError(error) && error.status === 400) {
    const known = ACTIVATION_REFUSALS.find(([pattern]) => pattern.test(error.message));
    if (known) return known[1];
  }
  return `The Lab API refused: ${describeError(error)}`;
}

export function explainDrawRefusal(error: unknown): string {
  if (isApiError(error) && error.status === 400 && /transition from/i.test(error.message)) {
    return 'The Lab API does not allow this now: a draw can be marked completed only once, after the requisition exists and before the sample reaches the lab.';
  }
  return `The Lab API refused: ${describeError(error)}`;
}
