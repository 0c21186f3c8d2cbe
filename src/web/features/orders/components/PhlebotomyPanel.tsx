import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Appointment, Availability, USAddress } from '../../../../contract/appointments';
import type { Order } from '../../../../contract/order';
import { parseOrderStatus } from '../../../../contract/status';
import { describeError } from '../../../shared/api/client';
import {
  formatDate,
  formatDateTime,
  formatDateTimeIn,
  formatTimeRangeIn,
  humanize,
} from '../../../shared/lib/format';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import {
  appointmentQueryOptions,
  bookAppointment,
  cancelAppointment,
  cancellationReasonsQueryOptions,
  findAvailability,
  requestAppointment,
  rescheduleAppointment,
} from '../api/tracking';

const BOOKABLE = [
  'ordered',
  'requisition_created',
  'requisition_bypassed',
  'appointment_pending',
  'appointment_cancelled',
];

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

const appointmentIdOf = (order: Order) => {
  const data = order.details.data as { appointment_id?: string | null } | null;
  return data?.appointment_id ?? null;
};

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
          {active.can_reschedule ? <SlotPicker order={order} mode="reschedule" /> : null}
          <CancelAppointment order={order} />
        </>
      ) : null}
      {canAct && !active && BOOKABLE.includes(low) ? (
        <SlotPicker order={order} mode="book" />
      ) : null}
    </section>
  );
}

/** "Appointment scheduled", "Appointment rescheduled": the order timeline's words and case. */
function describeAppointmentEvent(event: Appointment['events'][number]): string {
  if (event.status === 'scheduled' && event.data?.is_reschedule === true)
    return 'Appointment rescheduled';
  return `Appointment ${humanize(event.status).toLowerCase()}`;
}

function AppointmentDetails({ appointment }: { appointment: Appointment }) {
  return (
    <>
      <dl className="facts">
        <div>
          <dt>Appointment</dt>
          <dd>{humanize(appointment.status)}</dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>
            {appointment.start_at ? (
              <time dateTime={appointment.start_at}>
                {formatDateTimeIn(appointment.start_at, appointment.iana_timezone)}
              </time>
            ) : (
              <span className="muted">The provider will call the patient</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Provider</dt>
          <dd>
            {humanize(appointment.provider)}
            {appointment.external_id ? ` · reference ${appointment.external_id}` : ''}
          </dd>
        </div>
        <div>
          <dt>Appointment notes</dt>
          <dd>{appointment.appointment_notes ?? <span className="muted">None</span>}</dd>
        </div>
        <div>
          <dt>Access notes</dt>
          <dd>{appointment.address.access_notes ?? <span className="muted">None</span>}</dd>
        </div>
      </dl>
      <ol className="timeline">
        {appointment.events.map((event, index) => (
          <li key={`${event.created_at}-${index}`}>
            <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
            <span className="timeline__status">{describeAppointmentEvent(event)}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

function useRefresh(orderId: string) {
  const queryClient = useQueryClient();
  return async (appointment: Appointment) => {
    queryClient.setQueryData(appointmentQueryOptions(orderId).queryKey, appointment);
    await queryClient.invalidateQueries({ queryKey: ['orders'] });
  };
}

/** Slots for the patient's address; books or reschedules the chosen one. */
function SlotPicker({ order, mode }: { order: Order; mode: 'book' | 'reschedule' }) {
  const id = useId();
  const address = addressOf(order);
  const refresh = useRefresh(order.id);
  const [availability, setAvailability] = useState<Availability | null>(null);
  const [day, setDay] = useState(0);
  const search = useMutation({
    mutationFn: () =>
      address ? findAvailability(address) : Promise.reject(new Error('no address')),
    onSuccess: (answer) => {
      setAvailability(answer);
      setDay(0);
    },
  });
  const save = useMutation({
    mutationFn: (
      input: { kind: 'slot'; key: string; notes: string } | { kind: 'request'; notes: string },
    ) => {
      if (input.kind === 'request')
        return address
          ? requestAppointment(order.id, address, input.notes)
          : Promise.reject(new Error('no address'));
      return mode === 'book'
        ? bookAppointment(order.id, input.key, input.notes)
        : rescheduleAppointment(order.id, input.key);
    },
    onSuccess: async (appointment) => {
      setAvailability(null);
      await refresh(appointment);
    },
  });

  if (!address)
    return <p className="muted">The order has no patient address to look up slots for.</p>;
  const days = availability?.slots ?? [];
  const slots = days[day]?.slots ?? [];

  const submit = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    if (days.length === 0) save.mutate({ kind: 'request', notes: text('notes') });
    else save.mutate({ kind: 'slot', key: text('slot'), notes: text('notes') });
  };

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
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            submit(event.currentTarget);
          }}
        >
          {days.length === 0 ? (
            <p>
              No bookable slots here: this area is served on request. The provider calls the patient
              to agree a time.
            </p>
          ) : (
            <>
              <p className="field">
                <label htmlFor={`${id}-day`}>Day</label>
                <select
                  id={`${id}-day`}
                  value={day}
                  onChange={(e) => setDay(Number(e.target.value))}
                >
                  {days.map((d, index) => (
                    <option key={d.date} value={index}>
                      {formatDate(d.date)}
                    </option>
                  ))}
                </select>
              </p>
              <fieldset className="choices">
                <legend>Time</legend>
                {slots.map((slot, index) => (
                  <p className="choice" key={slot.booking_key ?? slot.start}>
                    <input
                      type="radio"
                      name="slot"
                      id={`${id}-slot-${index}`}
                      value={slot.booking_key ?? ''}
                      defaultChecked={index === 0}
                      required
                    />
                    <label htmlFor={`${id}-slot-${index}`}>
                      {formatTimeRangeIn(slot.start, slot.end, availability.timezone)}
                    </label>
                  </p>
                ))}
              </fieldset>
            </>
          )}
          {mode === 'book' || days.length === 0 ? (
            <p className="field">
              <label htmlFor={`${id}-notes`}>Appointment notes</label>
              <textarea id={`${id}-notes`} name="notes" maxLength={1000} rows={2} />
            </p>
          ) : null}
          <button type="submit" className="button" disabled={save.isPending}>
            {days.length === 0
              ? 'Request a visit'
              : mode === 'book'
                ? 'Book appointment'
                : 'Reschedule appointment'}
          </button>
          {save.error ? <p role="alert">The Lab API refused: {describeError(save.error)}</p> : null}
        </form>
      ) : null}
    </div>
  );
}

function CancelAppointment({ order }: { order: Order }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState('');
  const reasons = useQuery({ ...cancellationReasonsQueryOptions, enabled: open });
  const refresh = useRefresh(order.id);
  const mutation = useMutation({
    mutationFn: () => cancelAppointment(order.id, reason, notes.trim()),
    onSuccess: async (appointment) => {
      setOpen(false);
      await refresh(appointment);
    },
  });
  const chosen = reasons.data?.find((r) => r.id === reason);
  return (
    <>
      <button
        type="button"
        className="button button--danger"
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
      >
        Cancel appointment
      </button>
      <ConfirmDialog
        open={open}
        title="Cancel the appointment?"
        confirmLabel="Cancel the appointment"
        busy={mutation.isPending}
        error={
          mutation.error
            ? `The Lab API refused: ${describeError(mutation.error)}`
            : reasons.error
              ? describeError(reasons.error)
              : null
        }
        onConfirm={() => {
          if (reason) mutation.mutate();
        }}
        onClose={() => setOpen(false)}
      >
        <p className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <select
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
          >
            <option value="">Choose a reason</option>
            {(reasons.data ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </p>
        {chosen && !chosen.is_refundable ? <p>This cancellation is not refundable.</p> : null}
        <p className="field">
          <label htmlFor={`${id}-notes`}>Notes</label>
          <textarea
            id={`${id}-notes`}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            rows={2}
          />
        </p>
      </ConfirmDialog>
    </>
  );
}
