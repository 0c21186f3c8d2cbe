import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatCount } from '../../../shared/lib/format';
import { PATIENTS_PAGE_SIZE, patientsQueryOptions } from '../../../shared/api/patients';
import { patientNamesQueryOptions } from '../../../shared/api/patients';
import { PatientsTable, type PatientRow } from './PatientsTable';

/** One page of the team's patients, named from their demographics. */
export function PatientsPageList({ page }: { page: number }) {
  const offset = (page - 1) * PATIENTS_PAGE_SIZE;
  const { data } = useSuspenseQuery(patientsQueryOptions(offset));
  const names = useQuery(patientNamesQueryOptions(data.users.map((u) => u.user_id)));
  const pages = Math.max(1, Math.ceil(data.total / PATIENTS_PAGE_SIZE));

  if (data.users.length === 0) {
    return (
      <p className="empty" role="status">
        {data.total === 0 ? (
          'No patients yet.'
        ) : (
          <>
            There is no page {page}: the list has {pages} {pages === 1 ? 'page' : 'pages'}.{' '}
            <Link to="/patients">Go to the first page</Link>.
          </>
        )}
      </p>
    );
  }

  const rows: PatientRow[] = data.users.map((user) => ({
    userId: user.user_id,
    clientUserId: user.client_user_id,
    name: names.data?.get(user.user_id) ?? null,
    createdOn: user.created_on,
  }));
  const first = offset + 1;
  const last = offset + data.users.length;

  return (
    <>
      {names.isPending ? <p role="status">Loading names …</p> : null}
      <PatientsTable
        rows={rows}
        showCreated
        caption={`Patients ${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)} (sorting reorders this page)`}
      />
      <nav aria-label="Pages of patients" className="pager">
        {page > 1 ? (
          <Link to="/patients" search={{ page: page - 1 === 1 ? undefined : page - 1 }}>
            Previous page
          </Link>
        ) : null}{' '}
        <span>
          Page {page} of {pages}
        </span>{' '}
        {page < pages ? (
          <Link to="/patients" search={{ page: page + 1 }}>
            Next page
          </Link>
        ) : null}
      </nav>
    </>
  );
}
