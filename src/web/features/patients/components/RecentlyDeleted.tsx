import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { describeError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/lib/format';
import { patientDisplayName } from '../../../../contract/order';
import { deletedPatientsQueryOptions, undoDeletePatient } from '../api/patients';
import { patientKeys } from '../../../shared/api/patients';
import { patientOrdersQueryOptions } from '../../../shared/api/orders';

/**
 * A deleted patient's name: the Lab API no longer gives a deleted user's demographics,
 * but their orders stay listed and carry the name they were placed under.
 */
function useDeletedPatientName(userId: string): string {
  const orders = useQuery(patientOrdersQueryOptions(userId));
  const details = orders.data?.orders.find((o) => o.patient_details)?.patient_details;
  return details ? patientDisplayName(details) : `Patient ${userId.slice(0, 8)}`;
}

function DeletedPatient({
  userId,
  children,
}: {
  userId: string;
  children: (name: string) => ReactNode;
}) {
  return <>{children(useDeletedPatientName(userId))}</>;
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
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
          <DeletedPatient key={patient.user_id} userId={patient.user_id}>
            {(name) => (
              <li>
                <Link to="/patients/$userId" params={{ userId: patient.user_id }}>
                  {name}
                </Link>{' '}
                <span className="mono">{patient.user_id}</span>{' '}
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
                    aria-label={`Undo deletion of ${name}`}
                    onClick={() => undo.mutate(patient.user_id)}
                  >
                    Undo deletion
                  </button>
                ) : null}
              </li>
            )}
          </DeletedPatient>
        ))}
      </ul>
      {undo.isError ? <p role="alert">{describeError(undo.error)} Try again.</p> : null}
    </section>
  );
}
