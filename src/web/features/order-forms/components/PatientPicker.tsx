import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { describeError } from '../../../shared/api/client';
import { AsyncCombobox, type ComboboxOption } from '../../../shared/ui/AsyncCombobox';
import { SelectField } from '../../../shared/ui/MultiSelect';
import { Pending } from '../../../shared/ui/states';
import { patientsQueryOptions } from '../../../shared/api/patients';
import {
  PATIENT_SEARCH_COVERS,
  patientNamesQueryOptions,
  patientSearchQueryOptions,
} from '../../../shared/api/patients';
import { bornOn, patientTitle, searchHitOption } from '../../../shared/patients/names';

/* Drawn when its section is opened: most orders are for a patient who exists already, and
   the new-order form's first screen is drawn sooner without it. */
const CreatePatientForm = lazy(async () => {
  const { CreatePatientForm: Form } = await import('../../../shared/patients/CreatePatientForm');
  return { default: Form };
});

/** The latest patients offered in the list before any search. */
const LISTED = 50;

/**
 * Which patient the order is for: find one by name, date of birth or client user id (an
 * async combobox), or pick from the list, or create one inline. It sits outside the
 * order's <form> so the inline creation is a form of its own.
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
  const [found, setFound] = useState<ComboboxOption | null>(null);
  const [creating, setCreating] = useState(false);
  const hits = useQuery(patientSearchQueryOptions(search));
  const patients = useQuery(patientsQueryOptions(0, LISTED));
  const users = patients.data?.users ?? [];
  const listedIds = users.map((u) => u.user_id);
  const names = useQuery(
    patientNamesQueryOptions(
      userId && !listedIds.includes(userId) ? [...listedIds, userId] : listedIds,
    ),
  );
  const onSearch = useCallback((text: string) => setSearch(text), []);

  const optionText = (user: { user_id: string; client_user_id: string }) => {
    const name = names.data?.get(user.user_id);
    const title = patientTitle(name, user.client_user_id);
    return name
      ? [title, bornOn(name.dob), user.client_user_id].filter(Boolean).join(' · ')
      : title;
  };
  const chosenElsewhere = userId && !listedIds.includes(userId);
  const chosenText = () => {
    if (found && found.id === userId)
      return [found.label, found.detail].filter(Boolean).join(' · ');
    const name = userId ? names.data?.get(userId) : undefined;
    return name
      ? [patientTitle(name, ''), bornOn(name.dob)].filter(Boolean).join(' · ')
      : `Patient ${userId?.slice(0, 8) ?? ''}`;
  };

  return (
    <section className="card patient-picker" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Patient</h2>
      <AsyncCombobox
        label="Find a patient"
        description={PATIENT_SEARCH_COVERS}
        onSearch={onSearch}
        options={(hits.data ?? []).map(searchHitOption)}
        loading={hits.isFetching}
        error={hits.isError ? describeError(hits.error) : null}
        emptyText="No patient found: create one below."
        onChoose={(option) => {
          setFound(option);
          onChoose(option.id);
        }}
      />
      <div className="field">
        <SelectField
          label="Chosen patient"
          name="user_id"
          options={[
            ...(chosenElsewhere ? [{ id: userId, label: chosenText() }] : []),
            ...users.map((u) => ({ id: u.user_id, label: optionText(u) })),
          ]}
          value={userId ?? ''}
          onChange={onChoose}
          placeholder={patients.isPending ? 'Loading patients …' : 'Choose a patient …'}
          errorMessage={message}
        />
        {patients.isError ? <p role="alert">{describeError(patients.error)}</p> : null}
      </div>
      <details
        onToggle={(event) => {
          // Kept once drawn, so closing and opening again keeps what was typed.
          if (event.currentTarget.open) setCreating(true);
        }}
      >
        <summary>Create a new patient</summary>
        {creating ? (
          <Suspense fallback={<Pending label="Loading the patient form …" />}>
            <CreatePatientForm
              onCreated={(user) => onChoose(user.user_id)}
              onUseExisting={onChoose}
            />
          </Suspense>
        ) : null}
      </details>
    </section>
  );
}
