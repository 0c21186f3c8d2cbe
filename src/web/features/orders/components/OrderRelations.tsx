import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { Order } from '../../../../contract/order';
import { formatDateTime, humanize } from '../../../shared/lib/format';
import { describeStatus } from '../../../shared/lib/labels';

/** The order transaction: the initial order and its redraws and recreations. */
export function OrderTransaction({ order }: { order: Order }) {
  const heading = useId();
  const transaction = order.order_transaction;
  if (!transaction) return null;
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>Order transaction</h2>
      <p>
        Transaction <span className="mono">{transaction.id}</span>: {humanize(transaction.status)}
      </p>
      <table className="table">
        <caption>Orders in this transaction</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Origin</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {transaction.orders.map((member) => (
            <tr key={member.id}>
              <th scope="row">
                {member.id === order.id ? (
                  <span className="mono">{member.id.slice(0, 8)} (this order)</span>
                ) : (
                  <Link to="/orders/$orderId" params={{ orderId: member.id }} className="mono">
                    {member.id.slice(0, 8)}
                  </Link>
                )}
              </th>
              <td>{humanize(member.origin ?? 'initial')}</td>
              <td>
                {member.low_level_status
                  ? describeStatus(`x.x.${member.low_level_status}`).text
                  : 'Unknown'}
              </td>
              <td>
                <time dateTime={member.created_at}>{formatDateTime(member.created_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A test kit's journey: courier and tracking both ways. */
export function OrderShipment({ order }: { order: Order }) {
  const heading = useId();
  if (order.details.type !== 'testkit' || !order.details.data) return null;
  const shipment = (
    order.details.data as { shipment?: Record<string, string | null | undefined> | null }
  ).shipment;
  if (!shipment) return null;
  const leg = (
    label: string,
    courier?: string | null,
    number?: string | null,
    url?: string | null,
  ) => (
    <div>
      <dt>{label}</dt>
      <dd>
        {number ? (
          <>
            {courier ? `${courier.toUpperCase()} ` : ''}
            {url && /^https:\/\//.test(url) ? (
              <a href={url} target="_blank" rel="noreferrer noopener">
                {number}
              </a>
            ) : (
              <span className="mono">{number}</span>
            )}
          </>
        ) : (
          <span className="muted">Not shipped yet</span>
        )}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>Shipment</h2>
      <dl className="facts">
        {leg(
          'To the patient',
          shipment.outbound_courier,
          shipment.outbound_tracking_number,
          shipment.outbound_tracking_url,
        )}
        {leg(
          'Back to the lab',
          shipment.inbound_courier,
          shipment.inbound_tracking_number,
          shipment.inbound_tracking_url,
        )}
        {shipment.notes ? (
          <div>
            <dt>Notes</dt>
            <dd>{shipment.notes}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
