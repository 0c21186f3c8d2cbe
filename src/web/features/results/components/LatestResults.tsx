import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { Role } from '../../../../contract/console';
import { can } from '../../../../contract/permissions';
import { describeError } from '../../../shared/api/client';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { EmptyState } from '../../../shared/ui/states';
import { usePatientHistory } from '../../../shared/api/resultHistory';
import { FLAG_WORDS, latestPerMarker } from '../../../shared/lib/resultSeries';
import { referenceText } from './MarkerTrend';
import './results.css';
import { TableScroll } from '../../../shared/ui/TableScroll';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * The patient page's latest results: each marker's newest value with its flag, flagged ones
 * first, each linking to the result it came in. The same reads as the trends (one request).
 */
export function LatestResults({ userId, role }: { userId: string; role: Role }) {
  const allowed = can(role, 'results.read');
  const heading = useId();
  const history = usePatientHistory(allowed ? userId : '');
  if (!allowed) return null;
  const latest = latestPerMarker(history.series);
  return (
    <section aria-labelledby={heading} className="card latest-results">
      <h2 id={heading}>Latest results</h2>
      {history.isPending ? (
        <Skeleton lines={4} label="Loading the patient’s results …" />
      ) : history.error ? (
        <p role="alert" className="form-alert">
          {describeError(history.error)}
        </p>
      ) : latest.length === 0 ? (
        <EmptyState title="No results yet">
          <p>Results appear here once an order for this patient has them.</p>
        </EmptyState>
      ) : (
        <TableScroll label="Latest value of each marker">
          <table className="table latest-results__table">
            <thead>
              <tr>
                <th scope="col">Marker</th>
                <th scope="col">Latest value</th>
                <th scope="col">Flag</th>
                <th scope="col">Reference</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {latest.map(({ series, point }) => (
                <tr key={series.key}>
                  <th scope="row">
                    <Link to="/results/$orderId" params={{ orderId: point.orderId }}>
                      {series.name}
                    </Link>
                  </th>
                  <td data-label="Latest value">
                    {point.text} {series.unit}
                  </td>
                  <td data-label="Flag">
                    <span className={`flag flag--${point.flag}`}>{FLAG_WORDS[point.flag]}</span>
                  </td>
                  <td data-label="Reference">{referenceText(series)}</td>
                  <td data-label="Date">{dayFormat.format(point.t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
