/** Steps that need the sample drawn: none of them can happen before a booked draw ends. */
const AFTER_THE_DRAW = new Set([
  'draw_completed',
  'transit_lab',
  'delivered_to_lab',
  'lab_processing_blocked',
  'partial_results',
  'completed',
  'corrected',
  'sample_error',
  'lost',
  'failure_to_deliver_to_lab',
]);

const ONE_MINUTE = 60_000;

/**
 * When a simulated step happens. A simulation runs a lifecycle faster than life, but
 * never in an impossible order: a step is never dated before the order's last event,
 * and a step that needs the sample is never dated before the booked appointment ends
 * (the walk jumps ahead to it, a minute per step after that).
 */
export function stepTime(
  now: Date,
  low: string,
  lastEventAt: string | undefined,
  bookedUntil: string | null,
): string {
  let at = now.getTime();
  const last = lastEventAt ? Date.parse(lastEventAt) : Number.NEGATIVE_INFINITY;
  // A walk that has jumped ahead goes on a minute per step.
  if (last > at) at = last + ONE_MINUTE;
  if (bookedUntil && AFTER_THE_DRAW.has(low)) at = Math.max(at, Date.parse(bookedUntil));
  return new Date(at).toISOString();
}
