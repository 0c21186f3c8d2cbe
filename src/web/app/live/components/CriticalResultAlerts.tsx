import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { patientDisplayName } from '../../../../contract/order';
import { orderQueryOptions, orderResultsQueryOptions } from '../../../shared/api/orders';
import { flaggedMarkers } from '../../../shared/lib/resultSeries';
import { shortOrderId, type CriticalAlert } from '../lib/criticalAlerts';

/**
 * One alert per order with a critical result: it names the patient and the critical marker
 * with its direction, links to the result and can be dismissed. Each is its own
 * `role="alert"`, so a screen reader announces it on arrival. The live event carries no
 * patient data, so the names are read (and audited) through the usual order and result reads.
 */
export function CriticalResultAlerts({
  alerts,
  onDismiss,
}: {
  alerts: readonly CriticalAlert[];
  onDismiss: (orderId: string) => void;
}) {
  if (alerts.length === 0) return null;
  return (
    <section className="critical-alerts" aria-label="Critical results">
      {alerts.map((alert) => (
        <CriticalResultAlert key={alert.orderId} alert={alert} onDismiss={onDismiss} />
      ))}
    </section>
  );
}

function CriticalResultAlert({
  alert,
  onDismiss,
}: {
  alert: CriticalAlert;
  onDismiss: (orderId: string) => void;
}) {
  const order = useQuery(orderQueryOptions(alert.orderId));
  const results = useQuery(orderResultsQueryOptions(alert.orderId));
  const patient = order.data ? patientDisplayName(order.data.patient_details) : null;
  const rows = results.data?.results;
  const critical = Array.isArray(rows)
    ? flaggedMarkers(rows).filter((m) => m.flag === 'critical')
    : [];
  // Until the reads answer (or if they fail), the order still identifies the result.
  const who = patient ?? `order ${shortOrderId(alert.orderId)}`;
  return (
    <div role="alert" className="critical-alert">
      <p className="critical-alert__text">
        <strong>Critical result</strong>
        {alert.status === 'partial' ? ' (partial)' : ''} for{' '}
        <span className="critical-alert__patient">{who}</span>
        {critical.length > 0 ? `: ${critical.map((m) => m.words).join('; ')}` : ''}.
      </p>
      <div className="critical-alert__actions">
        <Link
          to="/results/$orderId"
          params={{ orderId: alert.orderId }}
          className="critical-alert__link"
          onClick={() => onDismiss(alert.orderId)}
        >
          Open the result for {who}
        </Link>
        <button
          type="button"
          className="critical-alert__dismiss"
          aria-label={`Dismiss the critical result alert for ${who}`}
          onClick={() => onDismiss(alert.orderId)}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
