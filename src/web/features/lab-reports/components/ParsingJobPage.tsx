import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { parsingJobPhase, type ParsingJob } from '../../../../contract/parsingJobs';
import { describeError } from '../../../shared/api/client';
import { humanize } from '../../../shared/lib/format';
import { Pending } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { parsingJobQueryOptions } from '../api/parsingJobs';
import { describeUnreadRows, unreadRows } from '../lib/unreadRows';
import { JobOrigin } from './JobOrigin';
import { TableScroll } from '../../../shared/ui/TableScroll';

const PHASES: Record<string, string> = {
  upload_pending: 'Waiting for the upload to be processed',
  started: 'Parsing',
  completed: 'Completed',
  failed: 'Failed',
  pending_review: 'Completed, pending human review',
};
const FAILURES: Record<string, string> = {
  low_quality: 'The report could not be read (an image or a scan without text, or too blurry).',
  too_many_pages: 'The report has more than 30 pages.',
  invalid_input: 'The file is not a readable lab report (no results found in it).',
  not_english: 'The report is not in English.',
  processing_error: 'The report could not be processed; try again later.',
};

/** "70–99", or one bound alone (HDL's "> 39"). */
function referenceRange(min?: number | null, max?: number | null) {
  if (min != null && max != null) return `${String(min)}–${String(max)}`;
  if (min != null) return `> ${String(min)}`;
  if (max != null) return `< ${String(max)}`;
  return 'Not given';
}

function Results({ job }: { job: ParsingJob }) {
  const data = job.data;
  if (!data) return null;
  const m = data.metadata;
  const unread = describeUnreadRows(unreadRows(data.results));
  return (
    <>
      <h2>Report</h2>
      <dl className="facts">
        <div>
          <dt>Patient</dt>
          <dd>
            {[m.patient_first_name, m.patient_last_name].filter(Boolean).join(' ') || 'Not found'}
          </dd>
        </div>
        <div>
          <dt>Date of birth</dt>
          <dd>{m.dob ?? 'Not found'}</dd>
        </div>
        <div>
          <dt>Lab</dt>
          <dd>{m.lab_name ?? 'Not found'}</dd>
        </div>
        <div>
          <dt>Collected</dt>
          <dd>{m.date_collected ?? 'Not found'}</dd>
        </div>
        <div>
          <dt>Reported</dt>
          <dd>{m.date_reported ?? 'Not found'}</dd>
        </div>
        <div>
          <dt>Specimen</dt>
          <dd>{m.specimen_number ?? 'Not found'}</dd>
        </div>
      </dl>
      {unread ? (
        <p className="notice">
          <strong>{unread}</strong>
        </p>
      ) : null}
      <TableScroll label="Extracted results">
        <table className="table">
          <caption>Extracted results</caption>
          <thead>
            <tr>
              <th scope="col">Test</th>
              <th scope="col">Value</th>
              <th scope="col">Unit</th>
              <th scope="col">Reference range</th>
              <th scope="col">Interpretation</th>
              <th scope="col">LOINC</th>
              <th scope="col">Match</th>
            </tr>
          </thead>
          <tbody>
            {data.results.map((r, i) => (
              <tr key={`${r.test_name}-${String(i)}`}>
                <th scope="row">{r.test_name}</th>
                <td>{r.value}</td>
                <td>{r.units ?? ''}</td>
                <td>{referenceRange(r.min_reference_range, r.max_reference_range)}</td>
                <td>{r.interpretation ? humanize(r.interpretation) : 'Unknown'}</td>
                <td>
                  {r.loinc_matches.length === 0
                    ? 'None'
                    : r.loinc_matches.map((l) => (
                        <span key={l.loinc_code} className="mono">
                          {l.loinc_code}
                          {typeof l.confidence_score === 'number'
                            ? ` (${String(Math.round(l.confidence_score * 100))} %)`
                            : ''}{' '}
                        </span>
                      ))}
                </td>
                <td>
                  {r.loinc_match_status === 'needs_review' ||
                  r.loinc_match_status === 'no_match' ? (
                    <strong>Needs review</strong>
                  ) : (
                    humanize(r.loinc_match_status ?? 'unknown')
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

export function ParsingJobPage({ jobId }: { jobId: string }) {
  const { data: job, error } = useQuery(parsingJobQueryOptions(jobId));
  usePageTitle('Lab report');
  return (
    <>
      <p className="breadcrumb">
        <Link to="/lab-reports">Back to lab reports</Link>
      </p>
      <h1>Lab report</h1>
      <JobOrigin jobId={jobId} job={job} />
      {error ? (
        <p role="alert">{describeError(error)}</p>
      ) : !job ? (
        <Pending />
      ) : (
        <>
          <p role="status">
            Status: <strong>{PHASES[parsingJobPhase(job)] ?? humanize(job.status)}</strong>
          </p>
          {job.status === 'failed' ? (
            <p role="alert">
              {FAILURES[job.failure_reason ?? ''] ??
                `The report could not be parsed (${humanize(job.failure_reason ?? 'unknown')}).`}
            </p>
          ) : null}
          <Results job={job} />
        </>
      )}
    </>
  );
}
