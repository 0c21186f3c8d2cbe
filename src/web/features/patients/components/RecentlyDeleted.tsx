import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { describeError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/lib/format';
import { deletedPatientsQueryOptions, undoDeletePatient } from '../api/patients';

/**
 * Patients deleted through this console, each until its grace period ends: the Lab API
 * lists deleted patients nowhere, so without this the undo was reachable only by a
 * saved address while the patient's orders stayed listed.
 */
export function RecentlyDeleted({ canUndo }: { canUndo: boolean }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const deleted = useQuery(deletedPatientsQueryOptions());
  const undo = useMutation({
    mutationFn: (userId: string) => undoDeletePatient(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['patients'] }),
  });

  const patients = deleted.data?.patients ?? [];
  if (deleted.isError) {
    return (
      <p role="alert" className="notice">
        Recently deleted patients could not be loaded. {describeError(deleted.error)}
      </p>
    );
  }
  if (patients.length === 0) return null;

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Recently deleted</h2>
      <p>Deleted patients can be restored until their data is erased, seven days after deletion.</p>
      <ul className="deleted-patients">
        {patients.map((patient) => (
          <li key={patient.user_id}>
            <Link to="/patients/$userId" params={{ userId: patient.user_id }}>
              Patient {patient.user_id}
            </Link>{' '}
            <span>
              deleted {formatDateTime(patient.deleted_at)}
              {patient.deleted_by ? ` by ${patient.deleted_by}` : ''}; restorable until{' '}
              <time dateTime={patient.undo_until}>{formatDateTime(patient.undo_until)}</time>
            </span>{' '}
            {canUndo ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={undo.isPending}
                aria-label={`Undo deletion of patient ${patient.user_id}`}
                onClick={() => undo.mutate(patient.user_id)}
              >
                Undo deletion
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {undo.isError ? <p role="alert">{describeError(undo.error)} Try again.</p> : null}
    </section>
  );
}
