import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  APPOINTMENT_BOOKABLE_STATUSES,
  type Appointment,
  type Availability,
  type USAddress,
} from '../../../../contract/appointments';
import type { Order } from '../../../../contract/order';
import { parseOrderStatus } from '../../../../contract/status';
import { describeError } from '../../../shared/api/client';
import { humanize } from '../../../shared/lib/format';
import {
  appointmentQueryOptions,
  bookAppointment,
  cancelAppointment,
  cancellationReasonsQueryOptions,
  findAvailability,
  requestAppointment,
  rescheduleAppointment,
} from '../api/phlebotomyAppointments';
import { appointmentIdOf, useAppointmentRefresh } from './appointments/appointment';
import { AppointmentFacts } from './appointments/AppointmentFacts';
import { CancelAppointmentForm } from './appointments/CancelAppointmentForm';
import { SlotPicker, type SlotChoice } from './appointments/SlotPicker';

function addressOf(order: Order): USAddress | null {
  const a = order.patient_address;
  if (!a) return null;
  return {
    first_line: a.first_line,
    second_line: a.second_line ?? null,
    city: a.city,
    state: a.state,
    zip_code: a.zip,
    access_notes: a.access_notes ?? null,
  };
}

/** At-home phlebotomy: the appointment, and booking, requesting, rescheduling, cancelling. */
export function PhlebotomyPanel({ order, canAct }: { order: Order; canAct: boolean }) {
  const heading = useId();
  const appointmentId = appointmentIdOf(order);
  const appointment = useQuery({
    ...appointmentQueryOptions(order.id),
    enabled: appointmentId !== null,
  });
  const active =
    appointment.data && !['cancelled', 'completed'].includes(appointment.data.status)
      ? appointment.data
      : null;
  const low = parseOrderStatus(order.last_event.status).lowLevel;

  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>At-home phlebotomy</h2>
      {appointment.error ? <p role="alert">{describeError(appointment.error)}</p> : null}
      {appointment.data ? (
        <AppointmentDetails appointment={appointment.data} />
      ) : (
        <p className="muted">No appointment yet.</p>
      )}
      {canAct && active ? (
        <>
          {active.can_reschedule ? <HomeVisitPicker order={order} mode="reschedule" /> : null}
          <CancelAppointment order={order} />
        </>
      ) : null}
      {canAct && !active && APPOINTMENT_BOOKABLE_STATUSES.includes(low) ? (
        <HomeVisitPicker order={order} mode="book" />
      ) : null}
    </section>
  );
}

function AppointmentDetails({ appointment }: { appointment: Appointment }) {
  return (
    <AppointmentFacts
      appointment={appointment}
      noTime="The provider will call the patient"
      where={
        <div>
          <dt>Provider</dt>
          <dd>
            {humanize(appointment.provider)}
            {appointment.external_id ? ` · reference ${appointment.external_id}` : ''}
          </dd>
        </div>
      }
      afterNotes={
        <div>
          <dt>Access notes</dt>
          <dd>{appointment.address.access_notes ?? <span className="muted">None</span>}</dd>
        </div>
      }
    />
  );
}

const useRefresh = (orderId: string) =>
  useAppointmentRefresh(appointmentQueryOptions(orderId).queryKey);

/** Slots for the patient's address; books or reschedules the chosen one, or requests a visit. */
function HomeVisitPicker({ order, mode }: { order: Order; mode: 'book' | 'reschedule' }) {
  const address = addressOf(order);
  const refresh = useRefresh(order.id);
  const [availability, setAvailability] = useState<Availability | null>(null);
  const search = useMutation({
    mutationFn: () =>
      address ? findAvailability(address) : Promise.reject(new Error('no address')),
    onSuccess: setAvailability,
  });
  const save = useMutation({
    mutationFn: ({ request, key, notes }: SlotChoice & { request: boolean }) => {
      if (request)
        return address
          ? requestAppointment(order.id, address, notes)
          : Promise.reject(new Error('no address'));
      return mode === 'book'
        ? bookAppointment(order.id, key, notes)
        : rescheduleAppointment(order.id, key);
    },
    onSuccess: async (appointment) => {
      setAvailability(null);
      await refresh(appointment);
    },
  });

  if (!address)
    return <p className="muted">The order has no patient address to look up slots for.</p>;
  const days = availability?.slots ?? [];

  return (
    <div className="card">
      <h3>{mode === 'book' ? 'Book a phlebotomist' : 'Reschedule'}</h3>
      <p>
        Address: {address.first_line}, {address.city}, {address.state} {address.zip_code}
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => search.mutate()}
        disabled={search.isPending}
      >
        {search.isPending
          ? 'Finding slots …'
          : mode === 'book'
            ? 'Find available slots'
            : 'Find new slots'}
      </button>
      {search.error ? <p role="alert">{describeError(search.error)}</p> : null}
      {availability ? (
        <SlotPicker
          availability={availability}
          days={days}
          timeLegend="Time"
          noSlots={
            <p>
              No bookable slots here: this area is served on request. The provider calls the patient
              to agree a time.
            </p>
          }
          withNotes={mode === 'book' || days.length === 0}
          submitLabel={
            days.length === 0
              ? 'Request a visit'
              : mode === 'book'
                ? 'Book appointment'
                : 'Reschedule appointment'
          }
          saving={save.isPending}
          error={save.error}
          // No slots: this area is served on request.
          onChoose={(choice) => save.mutate({ ...choice, request: days.length === 0 })}
        />
      ) : null}
    </div>
  );
}

function CancelAppointment({ order }: { order: Order }) {
  const refresh = useRefresh(order.id);
  return (
    <CancelAppointmentForm
      openLabel="Cancel appointment"
      title="Cancel the appointment?"
      noteLabel="Notes"
      reasonsQuery={cancellationReasonsQueryOptions}
      cancel={(reason, notes) => cancelAppointment(order.id, reason, notes)}
      onCancelled={refresh}
    />
  );
}
