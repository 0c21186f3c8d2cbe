import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { Order } from '../../../../contract/order';
import { formatDate, formatDateTime, humanize } from '../../../shared/lib/format';
import { describeCollectionMethod } from '../../../shared/lib/labels';
import { overdueLevel } from '../lib/ordersSearch';
import { orderTitle } from './patient';
import { StatusText } from './StatusText';

const ROW_HEIGHT = 45;

export function OverdueBadge({ order, today }: { order: Order; today: string }) {
  const level = overdueLevel(order, today);
  if (level === null) return null;
  return (
    <span className={`badge badge--${level}`}>
      {level === 'very-late' ? 'Past worst case' : 'Overdue'}
    </span>
  );
}

const isDone = (order: Order) => /^(completed|cancelled|failed)\./.test(order.last_event.status);

/**
 * A page of orders. Only the rows in view are in the DOM (spacer rows hold the scroll
 * height), so a page of any size scrolls as smoothly as a short one.
 */
export function OrdersTable({ orders, caption }: { orders: Order[]; caption: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualiser hands back fresh functions each render: the compiler rightly skips this.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: orders.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Before layout (and in tests without one) render the first screen of rows.
    initialRect: { width: 1000, height: 640 },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const today = new Date().toISOString().slice(0, 10);

  return (
    <div
      className="table-scroll table-scroll--tall"
      ref={scroller}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Patient</th>
            <th scope="col">Lab test</th>
            <th scope="col">Collection method</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">Expected result</th>
            <th scope="col">Interpretation</th>
          </tr>
        </thead>
        <tbody>
          {before > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={7} style={{ height: before, padding: 0, border: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const order = orders[item.index];
            if (!order) return null;
            return (
              <tr key={order.id} data-index={item.index} style={{ height: ROW_HEIGHT }}>
                <th scope="row">
                  <Link to="/orders/$orderId" params={{ orderId: order.id }}>
                    {orderTitle(order)}
                  </Link>
                </th>
                <td>{order.lab_test.name}</td>
                <td>{describeCollectionMethod(order.details.type)}</td>
                <td>
                  <StatusText status={order.last_event.status} />
                </td>
                <td>
                  <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
                </td>
                <td>
                  {order.expected_result_by_date ? (
                    <>
                      <time dateTime={order.expected_result_by_date}>
                        {formatDate(order.expected_result_by_date)}
                      </time>{' '}
                      {isDone(order) ? null : <OverdueBadge order={order} today={today} />}
                    </>
                  ) : (
                    <span className="muted">Not yet known</span>
                  )}
                </td>
                <td>
                  {order.interpretation ? (
                    <span
                      className={
                        order.interpretation === 'critical' ? 'badge badge--very-late' : undefined
                      }
                    >
                      {humanize(order.interpretation)}
                    </span>
                  ) : (
                    <span className="muted">None yet</span>
                  )}
                </td>
              </tr>
            );
          })}
          {after > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={7} style={{ height: after, padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
