import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { describeError } from '../../../shared/api/client';
import { patientsQueryOptions } from '../../patients/api/patients';
import { CreatePatientForm } from '../../patients/components/CreatePatientForm';
import { FieldMessage } from './Field';

/**
 * Which patient the order is for: search the team's patients, or create one inline.
 * It sits outside the order's <form> so the inline creation is a form of its own.
 */
export function PatientPicker({
  userId,
  onChoose,
  message,
}: {
  userId: string | undefined;
  onChoose: (userId: string) => void;
  message: string | undefined;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const patients = useQuery(patientsQueryOptions(applied));
  const users = patients.data?.users ?? [];

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Patient</h2>
      <div className="form form--inline" role="search">
        <label htmlFor={`${id}-search`}>Find a patient by ID or name</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setApplied(search.trim());
            }
          }}
        />
        <button type="button" onClick={() => setApplied(search.trim())}>
          Search
        </button>
      </div>
      <div className="field">
        <label htmlFor={`${id}-user`}>Chosen patient</label>
        <select
          id={`${id}-user`}
          name="user_id"
          value={userId ?? ''}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(e) => onChoose(e.target.value)}
        >
          <option value="">
            {patients.isPending ? 'Loading patients …' : 'Choose a patient …'}
          </option>
          {userId && !users.some((u) => u.user_id === userId) ? (
            <option value={userId}>Chosen patient ({userId.slice(0, 8)})</option>
          ) : null}
          {users.map((u) => (
            <option key={u.user_id} value={u.user_id}>
              {u.client_user_id}
            </option>
          ))}
        </select>
        <FieldMessage id={`${id}-error`} message={message} />
        {patients.isError ? <p role="alert">{describeError(patients.error)}</p> : null}
      </div>
      <details>
        <summary>Create a new patient</summary>
        <CreatePatientForm onCreated={(user) => onChoose(user.user_id)} onUseExisting={onChoose} />
      </details>
    </section>
  );
}
