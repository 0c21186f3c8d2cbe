import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { OrderEvent } from '../../../../contract/order';
import { canReadWearables } from '../../../shared/lib/permissions';
import { sessionQueryOptions } from '../../auth/api/session';
import { formatDate, formatDateTime } from '../../../shared/lib/format';
import { describeCollectionMethod, describeStatusDetail } from '../../../shared/lib/labels';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { orderQueryOptions } from '../api/orders';
import { orderTitle } from './patient';
import { StatusText } from './StatusText';

/** Events oldest first: the Lab API's event ids grow with time. */
function oldestFirst(events: readonly OrderEvent[]): OrderEvent[] {
  return [...events].sort((a, b) => a.id - b.id);
}

export function OrderPage({ orderId }: { orderId: string }) {
  const { data: order } = useSuspenseQuery(orderQueryOptions(orderId));
  const title = orderTitle(order);
  usePageTitle(title);
  const eventsHeading = useId();
  const current = order.last_event;
  const { data: session } = useSuspenseQuery(sessionQueryOptions);

  return (
    <>
      <p className="breadcrumb">
        <Link to="/orders">Back to orders</Link>
        {canReadWearables(session.account.role) ? (
          <>
            {' · '}
            <Link to="/patients/$userId/wearables" params={{ userId: order.user_id }}>
              Wearables
            </Link>
          </>
        ) : null}
      </p>
      <h1>
        {title} <span className="h1-sub">{order.lab_test.name}</span>
      </h1>

      <dl className="facts">
        <div>
          <dt>Status</dt>
          <dd>
            <StatusText status={current.status} showStage />
            {current.status_detail ? (
              <span className="muted"> · {describeStatusDetail(current.status_detail)}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Order ID</dt>
          <dd className="mono">{order.id}</dd>
        </div>
        <div>
          <dt>Sample ID</dt>
          <dd className={order.sample_id ? 'mono' : 'muted'}>
            {order.sample_id ?? 'Not assigned yet'}
          </dd>
        </div>
        <div>
          <dt>Collection method</dt>
          <dd>{describeCollectionMethod(order.details.type)}</dd>
        </div>
        {order.lab_test.lab ? (
          <div>
            <dt>Lab</dt>
            <dd>{order.lab_test.lab.name}</dd>
          </div>
        ) : null}
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Expected result</dt>
          <dd>
            {order.expected_result_by_date ? (
              <time dateTime={order.expected_result_by_date}>
                {formatDate(order.expected_result_by_date)}
              </time>
            ) : (
              <span className="muted">Not yet known</span>
            )}
          </dd>
        </div>
      </dl>

      <section aria-labelledby={eventsHeading} className="events">
        <h2 id={eventsHeading}>Events</h2>
        {order.events.length === 0 ? (
          <p className="empty">No events yet.</p>
        ) : (
          <ol className="timeline">
            {oldestFirst(order.events).map((event) => (
              <li key={event.id}>
                <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
                <span className="timeline__status">
                  <StatusText status={event.status} showStage />
                </span>
                {event.status_detail ? (
                  <span className="timeline__detail">
                    {describeStatusDetail(event.status_detail)}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
