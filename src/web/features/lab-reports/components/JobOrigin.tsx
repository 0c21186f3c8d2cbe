import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ParsingJob } from '../../../../contract/parsingJobs';
import { describeError } from '../../../shared/api/client';
import { formatBirthDate, formatDateTime } from '../../../shared/lib/format';
import {
  parsingJobRecordQueryOptions,
  reportPatientsQueryOptions,
  type ReportPatient,
} from '../api/parsingJobs';
import { matchPatient } from '../lib/patientMatch';

const personName = (first?: string | null, last?: string | null) =>
  [first, last].filter(Boolean).join(' ');

function describePerson(name: string, dob: string | null | undefined) {
  return [name || 'no name', dob ? `born ${formatBirthDate(dob)}` : null]
    .filter(Boolean)
    .join(', ');
}

/**
 * Whether the report names the patient it was uploaded for. Both people are named: the
 * user may see both, and needs both to tell which record the report belongs in.
 */
function PatientCheck({ job, patient }: { job: ParsingJob; patient: ReportPatient }) {
  const m = job.data?.metadata;
  if (!m) return null;
  const report = { firstName: m.patient_first_name, lastName: m.patient_last_name, dob: m.dob };
  const match = matchPatient(report, patient);
  const chosen = describePerson(personName(patient.firstName, patient.lastName), patient.dob);
  if (match.kind === 'matches') return null;
  if (match.kind === 'unconfirmed') {
    return (
      <p className="notice">
        The report prints neither a name nor a date of birth: check that it belongs to {chosen}.
      </p>
    );
  }
  const named = describePerson(personName(m.patient_first_name, m.patient_last_name), m.dob);
  return (
    <div role="alert" className="form-alert">
      <h2>This report names another patient</h2>
      <p>
        The report names {named}, but it was uploaded for {chosen} (the {match.fields.join(' and ')}{' '}
        {match.fields.length > 1 ? 'differ' : 'differs'}). Do not use its results for this patient
        until the report is checked.
      </p>
    </div>
  );
}

/** Which patient and file the job belongs to, from the console's own record of it. */
export function JobOrigin({ jobId, job }: { jobId: string; job: ParsingJob | undefined }) {
  const { data: record, error } = useQuery(parsingJobRecordQueryOptions(jobId));
  const { data: patients } = useQuery(reportPatientsQueryOptions);
  if (error) return <p className="notice">Uploaded for: unknown ({describeError(error)})</p>;
  if (!record) return null;
  const patient = patients?.find((p) => p.id === record.user_id);
  const patientName = patient
    ? describePerson(personName(patient.firstName, patient.lastName), patient.dob)
    : null;
  return (
    <section aria-labelledby="job-origin">
      <h2 id="job-origin">Upload</h2>
      <dl className="facts">
        <div>
          <dt>Uploaded for</dt>
          <dd>
            <Link to="/patients/$userId" params={{ userId: record.user_id }}>
              {patientName ?? <span className="mono">{record.user_id}</span>}
            </Link>
          </dd>
        </div>
        <div>
          <dt>File</dt>
          <dd>{record.file_name}</dd>
        </div>
        <div>
          <dt>Uploaded</dt>
          <dd>
            {formatDateTime(record.created_at)} by {record.account_email}
          </dd>
        </div>
      </dl>
      {job && patient ? <PatientCheck job={job} patient={patient} /> : null}
    </section>
  );
}
