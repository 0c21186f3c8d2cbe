import { useId } from 'react';
import type { Order } from '../../../../contract/order';
import { formatDateTime } from '../../../shared/lib/format';
import { buildTimeline } from '../lib/timeline';

/** The order's history, oldest first; the current step is marked. */
export function OrderTimeline({ order }: { order: Order }) {
  const heading = useId();
  const steps = buildTimeline(order.events, order.last_event);
  return (
    <section aria-labelledby={heading} className="events">
      <h2 id={heading}>Events</h2>
      {steps.length === 0 ? (
        <p className="empty">No events yet.</p>
      ) : (
        <ol className="timeline">
          {steps.map((step) => (
            <li key={step.id} aria-current={step.current ? 'step' : undefined}>
              <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              <span className="timeline__status">
                {step.text}
                {step.stage && step.stage !== step.text ? (
                  <span className="status__stage"> ({step.stage})</span>
                ) : null}
                {step.current ? <span className="badge">Current</span> : null}
                {step.repeated ? <span className="muted"> · again</span> : null}
              </span>
              {step.detail ? <span className="timeline__detail">{step.detail}</span> : null}
              {!step.known ? (
                <span className="timeline__detail">Status new to the console: {step.status}</span>
              ) : null}
              {step.outOfOrder ? (
                <span className="timeline__detail">
                  Recorded with an earlier time than the step before.
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
