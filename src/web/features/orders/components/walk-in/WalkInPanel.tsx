import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  APPOINTMENT_BOOKABLE_STATUSES,
  type Appointment,
} from '../../../../../contract/appointments';
import type { Order } from '../../../../../contract/order';
import { parseOrderStatus } from '../../../../../contract/status';
import { describeError } from '../../../../shared/api/client';
import { pscAppointmentQueryOptions } from '../../api/orderActions';
import { AppointmentFacts } from '../appointments/AppointmentFacts';
import { appointmentIdOf, useAppointmentRefresh } from '../appointments/appointment';
import { CancelCentreAppointment } from './CancelCentreAppointment';
import { CentrePicker } from './CentrePicker';

const isLive = (a: Appointment) => !['cancelled', 'completed'].includes(a.status);

/** Keeps the answer and refreshes the order, whose status a booking moves. */
export const useCentreAppointmentRefresh = (orderId: string) =>
  useAppointmentRefresh(pscAppointmentQueryOptions(orderId).queryKey);

/**
 * Walk-in tests: the visit at a patient service centre, the twin of the at-home
 * phlebotomy panel. Centres near the patient, their slots, book, reschedule, cancel.
 */
export function WalkInPanel({ order, canAct }: { order: Order; canAct: boolean }) {
  const heading = useId();
  const appointment = useQuery({
    ...pscAppointmentQueryOptions(order.id),
    enabled: appointmentIdOf(order) !== null,
  });
  const active = appointment.data && isLive(appointment.data) ? appointment.data : null;
  const low = parseOrderStatus(order.last_event.status).lowLevel;

  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>Walk-in appointment</h2>
      {appointment.error ? <p role="alert">{describeError(appointment.error)}</p> : null}
      {appointment.data ? (
        <AppointmentSummary appointment={appointment.data} />
      ) : (
        <p className="muted">
          No appointment yet: the patient may walk in, or you can book a time at a centre.
        </p>
      )}
      {active && low === 'cancelled' ? (
        <p className="notice">
          The order is cancelled, but the appointment at the centre is still booked: the Lab API
          does not cancel centre visits with the order. Cancel it below if the patient will not go.
        </p>
      ) : null}
      {canAct && active ? (
        <div className="actions">
          {active.can_reschedule && low !== 'cancelled' ? (
            <CentrePicker order={order} mode="reschedule" />
          ) : null}
          <CancelCentreAppointment order={order} />
        </div>
      ) : null}
      {canAct && !active && APPOINTMENT_BOOKABLE_STATUSES.includes(low) ? (
        <CentrePicker order={order} mode="book" />
      ) : null}
    </section>
  );
}

function AppointmentSummary({ appointment }: { appointment: Appointment }) {
  const a = appointment.address;
  return (
    <AppointmentFacts
      appointment={appointment}
      noTime="Not set"
      where={
        <>
          <div>
            <dt>Centre</dt>
            <dd>
              {a.first_line}, {a.city}, {a.state} {a.zip_code}
              {appointment.provider_id ? ` · site ${appointment.provider_id}` : ''}
            </dd>
          </div>
          <div>
            <dt>Lab reference</dt>
            <dd>{appointment.external_id ?? <span className="muted">None yet</span>}</dd>
          </div>
        </>
      }
    />
  );
}
