import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Role } from '../../../../contract/console';
import { describeError } from '../../../shared/api/client';
import { formatCount } from '../../../shared/lib/format';
import { canWritePatients } from '../../../shared/lib/permissions';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { PATIENT_SEARCH_COVERS, patientSearchQueryOptions } from '../../../shared/api/patients';
import { CreatePatientForm } from '../../../shared/patients/CreatePatientForm';
import { PatientsTable, type PatientRow } from './PatientsTable';
import { PatientsPageList } from './PatientsPageList';
import { RecentlyDeleted } from './RecentlyDeleted';

export function PatientsPage({ role, search, page }: { role: Role; search: string; page: number }) {
  usePageTitle(search ? `Patients matching “${search}”` : 'Patients');
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(search);

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
        <label htmlFor={`${id}-q`}>Search by name, date of birth or client user ID</label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          aria-describedby={`${id}-covers`}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit">Search</button>
        <p id={`${id}-covers`} className="field-hint">
          {PATIENT_SEARCH_COVERS}
        </p>
      </form>

      <RecentlyDeleted canUndo={canWritePatients(role)} />

      {search ? <SearchResults search={search} /> : <PatientsPageList page={page} />}

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

function SearchResults({ search }: { search: string }) {
  const found = useQuery(patientSearchQueryOptions(search));
  if (found.isPending) return <p role="status">Searching …</p>;
  if (found.isError) return <p role="alert">{describeError(found.error)}</p>;
  const rows: PatientRow[] = found.data.map((hit) => ({
    userId: hit.user_id,
    clientUserId: hit.client_user_id,
    name: hit,
    createdOn: null,
  }));
  if (rows.length === 0) {
    return (
      <p className="empty" role="status">
        No patient matches “{search}”. <Link to="/patients">See all patients</Link>.
      </p>
    );
  }
  return (
    <PatientsTable
      rows={rows}
      caption={`${formatCount(rows.length)} ${rows.length === 1 ? 'patient matches' : 'patients match'} “${search}”`}
    />
  );
}
