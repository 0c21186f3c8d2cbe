import { useId } from 'react';
import type { Order } from '../../../../contract/order';

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
