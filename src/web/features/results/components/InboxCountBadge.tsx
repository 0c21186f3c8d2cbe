import { useQuery } from '@tanstack/react-query';
import { inboxCountQueryOptions } from '../api/inbox';
import './results.css';

/**
 * The navigation's count of results waiting for acknowledgement, from the count endpoint
 * (numbers only; it shares the inbox's key prefix, so acknowledging refreshes it too).
 * Silent while it loads or fails: the navigation never shows an error.
 */
export function InboxCountBadge() {
  const { data } = useQuery(inboxCountQueryOptions());
  if (!data || data.total === 0) return null;
  const urgent = data.critical > 0;
  return (
    <span className={`nav-count${urgent ? ' nav-count--critical' : ''}`}>
      {/* Critical shows in a sign too, not in colour alone. */}
      <span aria-hidden="true">{urgent ? `!\u2009${data.total}` : data.total}</span>
      <span className="visually-hidden">
        {`${data.total} waiting${urgent ? `, ${data.critical} critical` : ''}`}
      </span>
    </span>
  );
}
