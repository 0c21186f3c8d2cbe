import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createUserRequestSchema, type User } from '../../../contract/users';
import { describeError } from '../api/client';
import { formatDateTime } from '../lib/format';
import { applyServerErrors } from '../lib/serverErrors';
import { createPatient, patientKeys } from '../api/patients';
import { existingPatientOf } from './conflict';

type Input = z.input<typeof createUserRequestSchema>;

/**
 * Creates a patient by the team's own ID. The Lab API is idempotent on that ID: a taken
 * one answers with the existing patient, which the form offers instead.
 */
export function CreatePatientForm({
  onCreated,
  onUseExisting,
}: {
  onCreated: (user: User) => void;
  /** When given, "use this patient" calls it instead of linking to the patient page. */
  onUseExisting?: (userId: string) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [existing, setExisting] = useState<{ userId: string; createdOn: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Input>({
    resolver: zodResolver(createUserRequestSchema),
    defaultValues: { client_user_id: '' },
  });
  const error = form.formState.errors.client_user_id?.message;

  const submit = form.handleSubmit(async (values) => {
    setExisting(null);
    setFailure(null);
    try {
      const user = await createPatient(createUserRequestSchema.parse(values));
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      form.reset();
      onCreated(user);
    } catch (caught) {
      const taken = existingPatientOf(caught);
      if (taken) return setExisting(taken);
      // A refused ID is said beside the field; anything else above the form.
      if (applyServerErrors(form, caught)?.fields.includes('client_user_id')) return;
      setFailure(`${describeError(caught)} Check the ID and try again.`);
    }
  });

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>New patient</h2>
      <div className="field">
        <label htmlFor={`${id}-cuid`}>Your patient ID (client user ID)</label>
        <input
          id={`${id}-cuid`}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-cuid-error` : undefined}
          {...form.register('client_user_id')}
        />
        {error ? (
          <p id={`${id}-cuid-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Creating …' : 'Create patient'}
      </button>
      {existing ? (
        <div role="alert" className="notice">
          <p>
            A patient with this ID already exists (created {formatDateTime(existing.createdOn)}).
          </p>
          {onUseExisting ? (
            <button type="button" onClick={() => onUseExisting(existing.userId)}>
              Use the existing patient
            </button>
          ) : (
            <Link to="/patients/$userId" params={{ userId: existing.userId }}>
              Open the existing patient
            </Link>
          )}
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="field-error">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
