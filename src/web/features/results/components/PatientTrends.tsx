import { useId } from 'react';
import type { Role } from '../../../../contract/console';
import { can } from '../../../../contract/permissions';
import { describeError } from '../../../shared/api/client';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { EmptyState } from '../../../shared/ui/states';
import { usePatientHistory } from '../../../shared/api/resultHistory';
import { MarkerTrend } from './MarkerTrend';
import './results.css';

/**
 * The patient page's trends: each marker the patient has had more than once, over time.
 * Mounted by the patient page with one line; reads only through the BFF's proxy.
 */
export function PatientTrends({ userId, role }: { userId: string; role: Role }) {
  const allowed = can(role, 'results.read');
  const heading = useId();
  const history = usePatientHistory(allowed ? userId : '');
  if (!allowed) return null;
  const repeated = history.series.filter((s) => s.points.length > 1);
  return (
    <section aria-labelledby={heading} className="card patient-trends">
      <h2 id={heading}>Trends</h2>
      {history.isPending ? (
        <Skeleton lines={4} label="Loading the patient’s results …" />
      ) : history.error ? (
        <p role="alert" className="form-alert">
          {describeError(history.error)}
        </p>
      ) : repeated.length === 0 ? (
        <EmptyState title="No trends yet">
          <p>A marker appears here once the patient has had it measured more than once.</p>
        </EmptyState>
      ) : (
        <div className="trend-grid-list">
          {repeated.map((series) => (
            <MarkerTrend key={series.key} series={series} />
          ))}
        </div>
      )}
    </section>
  );
}
