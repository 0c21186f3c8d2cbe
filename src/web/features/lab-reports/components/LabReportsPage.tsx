import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type SyntheticEvent } from 'react';
import type { Role } from '../../../../contract/console';
import { REPORT_ACCEPT } from '../../../../contract/parsingJobs';
import { describeError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/lib/format';
import { canUploadReports } from '../../../shared/lib/permissions';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import {
  parsingJobsQueryOptions,
  reportPatientsQueryOptions,
  uploadReport,
} from '../api/parsingJobs';
import { checkReportFile } from '../lib/sniff';
import { SelectField } from '../../../shared/ui/MultiSelect';
import { TableScroll } from '../../../shared/ui/TableScroll';

function UploadForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: patients } = useSuspenseQuery(reportPatientsQueryOptions);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    const userId = form.get('patient');
    if (!(file instanceof File) || file.size === 0) return setError('Choose the lab report file.');
    if (typeof userId !== 'string' || !userId) return setError('Choose the patient.');
    const check = await checkReportFile(file);
    if (!check.ok) return setError(check.message);
    setProgress(0);
    try {
      const job = await uploadReport({
        file,
        userId,
        needsHumanReview: form.get('review') === 'on',
        onProgress: setProgress,
      });
      await queryClient.invalidateQueries({ queryKey: parsingJobsQueryOptions.queryKey });
      await navigate({ to: '/lab-reports/$jobId', params: { jobId: job.id } });
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Upload a lab report</h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <SelectField
            label="Patient"
            name="patient"
            placeholder="Choose a patient"
            options={patients.map((p) => ({ id: p.id, label: p.name }))}
          />
        </div>
        <div className="field">
          <label htmlFor="report-file">Report (PDF, JPEG or PNG, at most 10 MB)</label>
          <input id="report-file" name="file" type="file" accept={REPORT_ACCEPT} />
        </div>
        <div className="field">
          <label>
            <input type="checkbox" name="review" /> Ask for human review of the results
          </label>
        </div>
        {progress !== null ? (
          <div role="status">
            <label htmlFor="report-progress">Uploading</label>{' '}
            <progress id="report-progress" max={1} value={progress}>
              {Math.round(progress * 100)} %
            </progress>
          </div>
        ) : null}
        {error ? (
          <div role="alert" className="form-alert">
            <p>{error}</p>
          </div>
        ) : null}
        <button type="submit" className="button" disabled={progress !== null}>
          Upload
        </button>
      </form>
    </section>
  );
}

export function LabReportsPage({ role }: { role: Role }) {
  usePageTitle('Lab reports');
  const { data } = useSuspenseQuery(parsingJobsQueryOptions);
  const { data: patients } = useSuspenseQuery(reportPatientsQueryOptions);
  const patientName = (userId: string) => patients.find((p) => p.id === userId)?.name ?? userId;
  return (
    <>
      <h1>Lab reports</h1>
      <p className="lede">Reports turned into structured results by the Lab API's parser.</p>
      {canUploadReports(role) ? <UploadForm /> : null}
      <h2>Parsing jobs started from this console</h2>
      {data.data.length === 0 ? (
        <p className="empty">No lab reports uploaded yet.</p>
      ) : (
        <TableScroll label="Parsing jobs">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Patient</th>
                <th scope="col">Uploaded by</th>
                <th scope="col">Uploaded</th>
                <th scope="col">Human review</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((job) => (
                <tr key={job.job_id}>
                  <th scope="row">
                    <Link to="/lab-reports/$jobId" params={{ jobId: job.job_id }}>
                      {job.file_name}
                    </Link>
                  </th>
                  <td>{patientName(job.user_id)}</td>
                  <td>{job.account_email}</td>
                  <td>
                    <time dateTime={job.created_at}>{formatDateTime(job.created_at)}</time>
                  </td>
                  <td>{job.needs_human_review ? 'Requested' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
