import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatCount, formatDate, formatDateTime } from '../../../shared/lib/format';
import { describeCollectionMethod } from '../../../shared/lib/labels';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { ordersQueryOptions } from '../api/orders';
import { orderTitle } from './patient';
import { StatusText } from './StatusText';

export function OrdersPage() {
  usePageTitle('Orders');
  const { data } = useSuspenseQuery(ordersQueryOptions());
  const { orders } = data;
  const total = data.total ?? orders.length;

  return (
    <>
      <h1>Orders</h1>
      {orders.length === 0 ? (
        <p className="empty">No orders yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption>
              Showing {formatCount(orders.length)} of {formatCount(total)}{' '}
              {total === 1 ? 'order' : 'orders'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Patient</th>
                <th scope="col">Lab test</th>
                <th scope="col">Collection method</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Expected result</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
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
                      <time dateTime={order.expected_result_by_date}>
                        {formatDate(order.expected_result_by_date)}
                      </time>
                    ) : (
                      <span className="muted">Not yet known</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
