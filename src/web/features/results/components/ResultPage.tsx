import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { Role } from '../../../../contract/console';
import { patientDisplayName } from '../../../../contract/order';
import { ageOn, utcToday } from '../../../../contract/orderRequest';
import { resultVersion } from '../../../../contract/resultsInbox';
import { describeError } from '../../../shared/api/client';
import { formatBirthDate, formatDate, formatDateTime, humanize } from '../../../shared/lib/format';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { Badge } from '../../../shared/ui/StatusBadge';
import { EmptyState } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { orderQueryOptions } from '../../../shared/api/orders';
import { orderResultsQueryOptions } from '../../../shared/api/orders';
import { usePatientHistory } from '../../../shared/api/resultHistory';
import { INTERPRETATION_TONES, RESULT_STATUS_WORDS, interpretationWords } from '../lib/labels';
import {
  earlierPoints,
  flagDirection,
  flagText,
  pointFlag,
  type MarkerSeries,
} from '../../../shared/lib/resultSeries';
import { AcknowledgePanel } from './AcknowledgePanel';
import { MarkerTrend } from './MarkerTrend';
import './results.css';
import { TableScroll } from '../../../shared/ui/TableScroll';

/** Earlier values shown beside each result in the table; the trend shows them all. */
const PREVIOUS_SHOWN = 2;

/**
 * One order's results beside the patient's earlier values for the same markers, with the
 * acknowledgement: what a clinician reads before saying "seen".
 */
export function ResultPage({ orderId, role }: { orderId: string; role: Role }) {
  const order = useQuery(orderQueryOptions(orderId));
  const results = useQuery(orderResultsQueryOptions(orderId));
  const userId = order.data?.user_id ?? '';
  const history = usePatientHistory(userId);
  const resultsHeading = useId();
  const trendsHeading = useId();
  const patient = order.data ? patientDisplayName(order.data.patient_details) : null;
  usePageTitle(patient ? `Results for ${patient}` : 'Results');

  if (order.isPending) return <Skeleton lines={6} label="Loading the results …" />;
  if (order.error) {
    return (
      <div className="state state--error">
        <h1>Results</h1>
        <p role="alert" className="form-alert">
          {describeError(order.error)}
        </p>
      </div>
    );
  }
  const current = resultVersion(order.data);
  const byMarker = new Map<string, MarkerSeries>(history.series.map((s) => [s.key, s]));
  const rows = Array.isArray(results.data?.results) ? results.data.results : [];
  // Two identifiers on every result view (name and date of birth), and where the sample came from.
  const details = order.data.patient_details;
  const age = details ? ageOn(details.dob.slice(0, 10), utcToday()) : null;
  const metadata = results.data?.metadata;
  const collectedAt = metadata?.date_collected ?? null;
  const physician = order.data.physician ?? null;
  const specimen = metadata?.specimen_number ?? order.data.sample_id ?? null;
  const performingLab =
    metadata?.laboratory ??
    rows.find((r) => r.performing_laboratory)?.performing_laboratory ??
    null;
  const trends = rows
    .map((r) => byMarker.get(r.slug ?? r.name))
    .filter((s): s is MarkerSeries => s !== undefined && s.points.length > 1);

  return (
    <>
      <p className="breadcrumb">
        <Link to="/results">Results inbox</Link>
      </p>
      <h1>
        {order.data.lab_test.name} <span className="muted">for</span> {patient}
      </h1>
      <dl className="facts result-facts">
        <div>
          <dt>Interpretation</dt>
          <dd>
            <Badge tone={INTERPRETATION_TONES[order.data.interpretation ?? ''] ?? 'neutral'}>
              {interpretationWords(
                (order.data.interpretation ?? null) as Parameters<typeof interpretationWords>[0],
              )}
            </Badge>
          </dd>
        </div>
        <div>
          <dt>Report</dt>
          <dd>{current ? RESULT_STATUS_WORDS[current.status] : 'No results yet'}</dd>
        </div>
        {current ? (
          <div>
            <dt>Reported</dt>
            <dd>{formatDateTime(current.reportedAt)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Order</dt>
          <dd>
            <Link to="/orders/$orderId" params={{ orderId }}>
              Open the order
            </Link>
          </dd>
        </div>
        <div>
          <dt>Patient</dt>
          <dd>
            <Link to="/patients/$userId" params={{ userId }}>
              {patient}
            </Link>
          </dd>
        </div>
        {details ? (
          <div>
            <dt>Born</dt>
            <dd>
              {formatBirthDate(details.dob)}
              {age === null ? '' : ` (${age} years)`} · {humanize(details.gender)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Collected</dt>
          <dd>{collectedAt ? formatDateTime(collectedAt) : 'Not given by the lab'}</dd>
        </div>
        <div>
          <dt>Ordering physician</dt>
          <dd>
            {physician ? (
              <>
                {physician.first_name} {physician.last_name}{' '}
                <span className="muted">NPI {physician.npi}</span>
              </>
            ) : (
              'The team’s physician (none named on the order)'
            )}
          </dd>
        </div>
        {specimen ? (
          <div>
            <dt>Specimen</dt>
            <dd className="mono">{specimen}</dd>
          </div>
        ) : null}
        {performingLab ? (
          <div>
            <dt>Performing lab</dt>
            <dd>{performingLab}</dd>
          </div>
        ) : null}
      </dl>

      <section aria-labelledby={resultsHeading} className="card">
        <h2 id={resultsHeading}>Results and earlier values</h2>
        {results.isPending ? (
          <Skeleton variant="table" lines={5} label="Loading the markers …" />
        ) : results.error ? (
          <p role="alert" className="form-alert">
            {describeError(results.error)}
          </p>
        ) : rows.length === 0 ? (
          <EmptyState title="No marker results in this report" />
        ) : (
          <TableScroll label="Markers of this report">
            <table className="table result-table">
              <caption className="visually-hidden">Markers of this report</caption>
              <thead>
                <tr>
                  <th scope="col">Marker</th>
                  <th scope="col">Result</th>
                  <th scope="col">Flag</th>
                  <th scope="col">Reference</th>
                  <th scope="col">Earlier values</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const flag = pointFlag(r);
                  const series = byMarker.get(r.slug ?? r.name);
                  const previous = earlierPoints(series, orderId).slice(0, PREVIOUS_SHOWN);
                  return (
                    <tr key={r.slug ?? r.name}>
                      <th scope="row">{r.name}</th>
                      <td className="result-value">
                        {r.result} {r.unit ?? ''}
                      </td>
                      <td>
                        <span className={`flag flag--${flag}`}>
                          {flagText(flag, flagDirection(r))}
                        </span>
                      </td>
                      <td>
                        {r.reference_range ?? ''} {r.reference_range && r.unit ? r.unit : ''}
                      </td>
                      <td>
                        {history.isPending ? (
                          <span className="muted">Loading …</span>
                        ) : previous.length === 0 ? (
                          <span className="muted">None</span>
                        ) : (
                          <ul className="previous-values">
                            {previous.map((p) => (
                              <li key={`${p.orderId}-${p.t}`}>
                                <span
                                  className={
                                    p.flag === 'normal' ? undefined : `flag flag--${p.flag}`
                                  }
                                >
                                  {p.text}
                                </span>{' '}
                                <span className="muted">
                                  {formatDate(new Date(p.t).toISOString())}
                                </span>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      {current ? (
        <AcknowledgePanel
          orderId={orderId}
          current={current}
          role={role}
          critical={order.data.interpretation === 'critical'}
        />
      ) : null}

      <section aria-labelledby={trendsHeading} className="card">
        <h2 id={trendsHeading}>Trends</h2>
        {history.isPending ? (
          <Skeleton lines={4} label="Loading the patient’s earlier results …" />
        ) : history.error ? (
          <p role="alert" className="form-alert">
            {describeError(history.error)}
          </p>
        ) : trends.length === 0 ? (
          <EmptyState title="No earlier values">
            <p>This is the first time these markers were measured for this patient.</p>
          </EmptyState>
        ) : (
          <div className="trend-grid-list">
            {trends.map((series) => (
              <MarkerTrend key={series.key} series={series} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
