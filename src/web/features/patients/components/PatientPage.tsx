import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Role } from '../../../../contract/console';
import { USER_DELETION_GRACE_DAYS } from '../../../../contract/users';
import { describeError, isApiError } from '../../../shared/api/client';
import { formatBirthDate, formatDateTime } from '../../../shared/lib/format';
import { canWritePatients, canReadWearables } from '../../../shared/lib/permissions';
import { Pending } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { patientTitle } from '../lib/naming';
import { StatusText } from '../../orders/components/StatusText';
import { PatientTrends } from '../../results/components/PatientTrends';
import {
  deletePatient,
  patientNamesQueryOptions,
  patientOrdersQueryOptions,
  patientQueryOptions,
  undoDeletePatient,
} from '../api/patients';

const DAY = 86_400_000;

export function PatientPage({ userId, role }: { userId: string; role: Role }) {
  const queryClient = useQueryClient();
  const patient = useQuery(patientQueryOptions(userId));
  const orders = useQuery(patientOrdersQueryOptions(userId));
  const names = useQuery(patientNamesQueryOptions([userId]));
  /** The API does not say when a deletion was asked for; this page knows when it asked. */
  const [deletedUntil, setDeletedUntil] = useState<Date | null>(null);
  const canWrite = canWritePatients(role);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['patients'] });
  const remove = useMutation({
    mutationFn: () => deletePatient(userId),
    onSuccess: async () => {
      setDeletedUntil(new Date(Date.now() + USER_DELETION_GRACE_DAYS * DAY));
      await refresh();
    },
  });
  const undo = useMutation({
    mutationFn: () => undoDeletePatient(userId),
    onSuccess: async () => {
      setDeletedUntil(null);
      await refresh();
    },
  });

  const scheduled =
    deletedUntil !== null ||
    (isApiError(patient.error) &&
      patient.error.message.includes('scheduled this user for deletion'));
  // The demographics the Lab API keeps; else the details of the latest order naming them.
  const ordered = orders.data?.orders.find((o) => o.patient_details)?.patient_details;
  const demographics = names.data?.get(userId) ?? ordered ?? null;
  const name = demographics ? patientTitle(demographics, '') || null : null;
  const title = name ?? (patient.data ? `Patient ${patient.data.client_user_id}` : 'Patient');
  usePageTitle(title);

  return (
    <>
      <h1>{title}</h1>
      {demographics?.dob ? <p className="lede">Born {formatBirthDate(demographics.dob)}</p> : null}
      {canReadWearables(role) ? (
        <p>
          <Link to="/patients/$userId/wearables" params={{ userId }}>
            Wearable data
          </Link>
        </p>
      ) : null}
      {scheduled ? (
        <div role="status" className="notice">
          <p>
            This patient is scheduled for deletion.{' '}
            {deletedUntil
              ? `You can undo this until ${formatDateTime(deletedUntil.toISOString())}.`
              : `Deletion can be undone within ${USER_DELETION_GRACE_DAYS} days of the request.`}
          </p>
          {canWrite ? (
            <button type="button" disabled={undo.isPending} onClick={() => undo.mutate()}>
              {undo.isPending ? 'Restoring …' : 'Undo deletion'}
            </button>
          ) : null}
          {undo.isError ? <p role="alert">{describeError(undo.error)} Try again.</p> : null}
        </div>
      ) : patient.isPending ? (
        <Pending label="Loading patient …" />
      ) : patient.isError ? (
        <p role="alert">{describeError(patient.error)}</p>
      ) : (
        <>
          <dl className="facts">
            <div>
              <dt>Name</dt>
              <dd>
                {name ?? <span className="muted">Not given yet (given with a first order)</span>}
              </dd>
            </div>
            <div>
              <dt>Client user ID</dt>
              <dd>{patient.data.client_user_id}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatDateTime(patient.data.created_on)}</dd>
            </div>
            <div>
              <dt>Lab API user ID</dt>
              <dd>{patient.data.user_id}</dd>
            </div>
          </dl>
          {canWrite ? (
            <p className="actions">
              <Link to="/orders/new" search={{ userId }}>
                New order for this patient
              </Link>{' '}
              <button
                type="button"
                className="button--danger"
                disabled={remove.isPending}
                onClick={() => {
                  if (
                    window.confirm(
                      'Schedule this patient for deletion? You can undo it for 7 days.',
                    )
                  ) {
                    remove.mutate();
                  }
                }}
              >
                {remove.isPending ? 'Deleting …' : 'Delete patient'}
              </button>
            </p>
          ) : null}
          {remove.isError ? <p role="alert">{describeError(remove.error)} Try again.</p> : null}
        </>
      )}

      <section aria-labelledby="patient-orders" className="card">
        <h2 id="patient-orders">Orders</h2>
        {orders.isPending ? (
          <Pending label="Loading orders …" />
        ) : orders.isError ? (
          <p role="alert">{describeError(orders.error)}</p>
        ) : orders.data.orders.length === 0 ? (
          <p className="empty">No orders for this patient.</p>
        ) : (
          <ul>
            {orders.data.orders.map((order) => (
              <li key={order.id}>
                <Link to="/orders/$orderId" params={{ orderId: order.id }}>
                  {order.lab_test.name}
                </Link>{' '}
                · <StatusText status={order.last_event.status} /> ·{' '}
                {formatDateTime(order.created_at)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <PatientTrends userId={userId} role={role} />
    </>
  );
}
