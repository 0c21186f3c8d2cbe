import { useQuery } from '@tanstack/react-query';
import { orderResultsQueryOptions } from '../../../shared/api/orders';
import { flaggedMarkers } from '../../../shared/lib/resultSeries';

/** How many flagged markers a row names; the result page lists them all. */
const SHOWN = 2;

/**
 * Which markers made an inbox row critical or abnormal, and which way they lie ("Glucose
 * 47 mg/dL, critical low ↓"): the inbox knows only the order's overall interpretation.
 */
export function InboxFlaggedMarkers({ orderId }: { orderId: string }) {
  const results = useQuery(orderResultsQueryOptions(orderId));
  const rows = results.data?.results;
  if (!Array.isArray(rows)) return null;
  const flagged = flaggedMarkers(rows);
  if (flagged.length === 0) return null;
  const rest = flagged.length - SHOWN;
  return (
    <ul className="inbox-markers">
      {flagged.slice(0, SHOWN).map((m) => (
        <li key={m.name}>{m.words}</li>
      ))}
      {rest > 0 ? <li className="muted">{`and ${String(rest)} more`}</li> : null}
    </ul>
  );
}
