import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Role } from '../../../../contract/console';
import { formatCount, formatDateTime } from '../../../shared/lib/format';
import { canWritePatients } from '../../../shared/lib/permissions';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { patientsQueryOptions } from '../api/patients';
import { CreatePatientForm } from './CreatePatientForm';
import { RecentlyDeleted } from './RecentlyDeleted';

export function PatientsPage({ role, search }: { role: Role; search: string }) {
  usePageTitle('Patients');
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(search);
  const { data } = useSuspenseQuery(patientsQueryOptions(search));

  return (
    <>
      <h1>Patients</h1>
      <form
        role="search"
        className="form form--inline"
        onSubmit={(event) => {
          event.preventDefault();
          void navigate({ to: '/patients', search: { q: text.trim() || undefined } });
        }}
      >
        <label htmlFor={`${id}-q`}>Search by patient ID or name</label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit">Search</button>
      </form>

      <RecentlyDeleted canUndo={canWritePatients(role)} />

      {data.users.length === 0 ? (
        <p className="empty">{search ? `No patient matches “${search}”.` : 'No patients yet.'}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption>
              Showing {formatCount(data.users.length)} of {formatCount(data.total)}{' '}
              {data.total === 1 ? 'patient' : 'patients'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Patient ID</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
                <tr key={user.user_id}>
                  <th scope="row">
                    <Link to="/patients/$userId" params={{ userId: user.user_id }}>
                      {user.client_user_id}
                    </Link>
                  </th>
                  <td>
                    <time dateTime={user.created_on}>{formatDateTime(user.created_on)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {canWritePatients(role) ? (
        <section className="card">
          <CreatePatientForm
            onCreated={(user) =>
              void navigate({ to: '/patients/$userId', params: { userId: user.user_id } })
            }
          />
        </section>
      ) : null}
    </>
  );
}
