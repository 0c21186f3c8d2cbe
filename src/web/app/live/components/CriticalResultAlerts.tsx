import { Link } from '@tanstack/react-router';
import { shortOrderId, type CriticalAlert } from '../lib/criticalAlerts';

/**
 * One alert per order with a critical result: it names the order, links to it and can be
 * dismissed. Each is its own `role="alert"`, so a screen reader announces it on arrival.
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
      {alerts.map((alert) => {
        const name = shortOrderId(alert.orderId);
        return (
          <div key={alert.orderId} role="alert" className="critical-alert">
            <p className="critical-alert__text">
              <strong>Critical result</strong>
              {alert.status === 'partial' ? ' (partial)' : ''} on order{' '}
              <span className="critical-alert__order">{name}</span>.
            </p>
            <div className="critical-alert__actions">
              <Link
                to="/orders/$orderId"
                params={{ orderId: alert.orderId }}
                className="critical-alert__link"
                onClick={() => onDismiss(alert.orderId)}
              >
                Open order {name}
              </Link>
              <button
                type="button"
                className="critical-alert__dismiss"
                aria-label={`Dismiss the critical result alert for order ${name}`}
                onClick={() => onDismiss(alert.orderId)}
              >
                Dismiss
              </button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
