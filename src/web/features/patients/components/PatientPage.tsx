import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { parseOrderStatus } from '../../../../contract/status';
import type { Role } from '../../../../contract/console';
import { USER_DELETION_GRACE_DAYS } from '../../../../contract/users';
import { describeError, isApiError } from '../../../shared/api/client';
import { formatBirthDate, formatDateTime } from '../../../shared/lib/format';
import { canWritePatients, canReadWearables } from '../../../shared/lib/permissions';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { EmptyState } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { patientTitle } from '../../../shared/patients/names';
import './patients.css';
import { deletePatient, undoDeletePatient } from '../api/patients';
import {
  patientKeys,
  patientNamesQueryOptions,
  patientQueryOptions,
} from '../../../shared/api/patients';
import { patientOrdersQueryOptions } from '../../../shared/api/orders';

const DAY = 86_400_000;

/** Orders still under way: the ones a clinician may have to act on, listed first. */
const isOpen = (status: string) => {
  const top = parseOrderStatus(status).topLevel;
  return top !== 'completed' && top !== 'cancelled';
};

/** A patient's facts and orders; `children` (the route's composition) follow them. */
export function PatientPage({
  userId,
  role,
  children,
}: {
  userId: string;
  role: Role;
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const patient = useQuery(patientQueryOptions(userId));
  const orders = useQuery(patientOrdersQueryOptions(userId));
  const names = useQuery(patientNamesQueryOptions([userId]));
  /** The API does not say when a deletion was asked for; this page knows when it asked. */
  const [deletedUntil, setDeletedUntil] = useState<Date | null>(null);
  const canWrite = canWritePatients(role);
  const [confirming, setConfirming] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: patientKeys.all });
  const remove = useMutation({
    mutationFn: () => deletePatient(userId),
    onSuccess: async () => {
      setConfirming(false);
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
  const ordered = orders.data?.orders.find((o) => o.patient_details)?.patient_details ?? null;
  const demographics = names.data?.get(userId) ?? ordered ?? null;
  const name = demographics ? patientTitle(demographics, '') || null : null;
  const title = name ?? (patient.data ? `Patient ${patient.data.client_user_id}` : 'Patient');
  usePageTitle(title);
  const openOrders = orders.data?.orders.filter((o) => isOpen(o.last_event.status)) ?? [];
  const pastOrders = orders.data?.orders.filter((o) => !isOpen(o.last_event.status)) ?? [];
  const contact = [ordered?.email, ordered?.phone_number].filter(Boolean).join(' · ');

  return (
    <>
      <h1>{title}</h1>
      {demographics?.dob ? <p className="lede">Born {formatBirthDate(demographics.dob)}</p> : null}
      {canReadWearables(role) ? (
        <p>
          <Link to="/patients/$userId/wearables" params={{ userId }}>
            Wearable charts
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
            <Button variant="secondary" isDisabled={undo.isPending} onPress={() => undo.mutate()}>
              {undo.isPending ? 'Restoring …' : 'Undo deletion'}
            </Button>
          ) : null}
          {undo.isError ? <p role="alert">{describeError(undo.error)} Try again.</p> : null}
        </div>
      ) : patient.isPending ? (
        <Skeleton lines={3} label="Loading patient …" />
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
              <dt>Date of birth</dt>
              <dd>
                {demographics?.dob ? (
                  formatBirthDate(demographics.dob)
                ) : (
                  <span className="muted">Not known</span>
                )}
              </dd>
            </div>
            <div>
              <dt>Sex</dt>
              <dd>{ordered?.gender ?? <span className="muted">Not known</span>}</dd>
            </div>
            <div>
              <dt>Contact</dt>
              <dd>{contact || <span className="muted">Not known</span>}</dd>
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
              <Button
                variant="danger"
                isDisabled={remove.isPending}
                onPress={() => setConfirming(true)}
              >
                Delete patient
              </Button>
            </p>
          ) : null}
          <ConfirmDialog
            open={confirming}
            title={`Delete ${name ?? 'this patient'}?`}
            confirmLabel="Schedule deletion"
            busy={remove.isPending}
            error={remove.isError ? `${describeError(remove.error)} Try again.` : null}
            onConfirm={() => remove.mutate()}
            onClose={() => setConfirming(false)}
          >
            <p>
              The patient is scheduled for deletion. You can undo it for {USER_DELETION_GRACE_DAYS}{' '}
              days.
            </p>
          </ConfirmDialog>
          {remove.isError ? <p role="alert">{describeError(remove.error)} Try again.</p> : null}
        </>
      )}

      <section aria-labelledby="patient-orders" className="card">
        <h2 id="patient-orders">Orders</h2>
        {orders.isPending ? (
          <Skeleton lines={3} label="Loading orders …" />
        ) : orders.isError ? (
          <p role="alert" className="form-alert">
            {describeError(orders.error)}
          </p>
        ) : orders.data.orders.length === 0 ? (
          <EmptyState title="No orders yet">
            <p>Orders placed for this patient appear here.</p>
          </EmptyState>
        ) : (
          <>
            <h3>Open</h3>
            {openOrders.length === 0 ? (
              <p className="empty">No open orders.</p>
            ) : (
              <OrderList orders={openOrders} label="Open orders" />
            )}
            {pastOrders.length > 0 ? (
              <>
                <h3>Completed and cancelled</h3>
                <OrderList orders={pastOrders} label="Completed and cancelled orders" />
              </>
            ) : null}
          </>
        )}
      </section>
      {children}
    </>
  );
}

function OrderList({
  orders,
  label,
}: {
  orders: readonly {
    id: string;
    lab_test: { name: string };
    last_event: { status: string };
    created_at: string;
  }[];
  label: string;
}) {
  return (
    <ul className="patient-orders" aria-label={label}>
      {orders.map((order) => (
        <li key={order.id}>
          <Link to="/orders/$orderId" params={{ orderId: order.id }}>
            {order.lab_test.name}
          </Link>
          <StatusBadge status={order.last_event.status} />
          <span className="muted">{formatDateTime(order.created_at)}</span>
        </li>
      ))}
    </ul>
  );
}
