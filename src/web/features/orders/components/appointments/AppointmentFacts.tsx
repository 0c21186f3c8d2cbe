import type { ReactNode } from 'react';
import type { Appointment } from '../../../../../contract/appointments';
import { formatDateTime, formatDateTimeIn, humanize } from '../../../../shared/lib/format';

/** "Appointment scheduled", "Appointment rescheduled": the order timeline's words and case. */
function describeAppointmentEvent(event: Appointment['events'][number]): string {
  if (event.status === 'scheduled' && event.data?.is_reschedule === true)
    return 'Appointment rescheduled';
  return `Appointment ${humanize(event.status).toLowerCase()}`;
}

/**
 * An appointment's status, time, place and notes, then its history. `where` are the facts
 * of who comes or where the patient goes; `afterNotes`, any facts that follow the notes.
 */
export function AppointmentFacts({
  appointment,
  noTime,
  where,
  afterNotes,
}: {
  appointment: Appointment;
  /** Said when the appointment has no time yet. */
  noTime: string;
  where: ReactNode;
  afterNotes?: ReactNode;
}) {
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
              <span className="muted">{noTime}</span>
            )}
          </dd>
        </div>
        {where}
        <div>
          <dt>Appointment notes</dt>
          <dd>{appointment.appointment_notes ?? <span className="muted">None</span>}</dd>
        </div>
        {afterNotes}
      </dl>
      <ol className="timeline" aria-label="Appointment history">
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
