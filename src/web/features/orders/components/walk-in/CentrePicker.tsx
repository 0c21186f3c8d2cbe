import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { Availability } from '../../../../../contract/appointments';
import type { Order } from '../../../../../contract/order';
import { booksThroughApi, type AllowedRadius } from '../../../../../contract/psc';
import { describeError } from '../../../../shared/api/client';
import { SelectField } from '../../../../shared/ui/MultiSelect';
import { Pending } from '../../../../shared/ui/states';
import {
  bookCentreAppointment,
  findCentreSlots,
  orderCentresQueryOptions,
  rescheduleCentreAppointment,
} from '../../api/orderActions';
import { describeHours } from '../../lib/centreHours';
import { SlotPicker } from '../appointments/SlotPicker';
import { useCentreAppointmentRefresh } from './WalkInPanel';

const RADII: AllowedRadius[] = ['10', '25', '50'];

/** Centres near the patient, nearest first; slots at the chosen one; book or reschedule. */
export function CentrePicker({ order, mode }: { order: Order; mode: 'book' | 'reschedule' }) {
  const id = useId();
  const [radius, setRadius] = useState<AllowedRadius>('25');
  const [open, setOpen] = useState(mode === 'book');
  const [site, setSite] = useState<string | null>(null);
  const [availability, setAvailability] = useState<Availability | null>(null);
  // One key per booking: a retried click replays the first answer, never books twice.
  const bookingKey = useRef(crypto.randomUUID());
  const refresh = useCentreAppointmentRefresh(order.id);
  const centres = useQuery({ ...orderCentresQueryOptions(order.id, radius), enabled: open });
  const search = useMutation({
    mutationFn: findCentreSlots,
    onSuccess: setAvailability,
  });
  const save = useMutation({
    mutationFn: ({ key, notes }: { key: string; notes: string }) =>
      mode === 'book'
        ? bookCentreAppointment(order.id, key, notes, bookingKey.current)
        : rescheduleCentreAppointment(order.id, key),
    onSuccess: async (appointment) => {
      bookingKey.current = crypto.randomUUID();
      setAvailability(null);
      setOpen(mode === 'book');
      await refresh(appointment);
    },
  });

  if (!open) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Reschedule
      </button>
    );
  }

  const zip = order.patient_address?.zip;
  const list = centres.data?.patient_service_centers ?? [];
  const days = availability?.slots.filter((d) => d.slots.length > 0) ?? [];

  return (
    <div className="card">
      <h3>{mode === 'book' ? 'Book a visit at a centre' : 'Reschedule the visit'}</h3>
      <div className="field">
        <SelectField
          label="Centres within"
          value={radius}
          onChange={(next) => {
            const chosen = RADII.find((r) => r === next);
            if (!chosen) return;
            setRadius(chosen);
            setSite(null);
            setAvailability(null);
          }}
          options={RADII.map((r) => ({ id: r, label: `${r} miles of ${zip ?? 'the patient'}` }))}
        />
      </div>
      {centres.isPending ? <Pending label="Finding centres …" lines={2} /> : null}
      {centres.error ? <p role="alert">{describeError(centres.error)}</p> : null}
      {centres.data && list.length === 0 ? (
        <p>No patient service centre of this lab within {radius} miles. Try a wider radius.</p>
      ) : null}
      {list.length > 0 ? (
        <fieldset className="subfieldset">
          <legend>Centre</legend>
          <ul className="choices">
            {list.map((centre) => {
              const bookable = booksThroughApi(centre);
              const inputId = `${id}-site-${centre.site_code}`;
              return (
                <li key={centre.site_code}>
                  <input
                    type="radio"
                    name={`${id}-site`}
                    id={inputId}
                    value={centre.site_code}
                    checked={site === centre.site_code}
                    disabled={!bookable}
                    aria-describedby={`${inputId}-about`}
                    onChange={() => {
                      setSite(centre.site_code);
                      setAvailability(null);
                      search.reset();
                    }}
                  />
                  <label htmlFor={inputId}>
                    {centre.metadata.name} · {centre.distance} mi
                  </label>
                  <div className="choice__about" id={`${inputId}-about`}>
                    <p>
                      {centre.metadata.first_line}, {centre.metadata.city}, {centre.metadata.state}{' '}
                      {centre.metadata.zip_code}
                    </p>
                    <p>{describeHours(centre.metadata.hours)}</p>
                    <p>
                      {bookable
                        ? 'Books appointments here'
                        : centre.capabilities.includes('appointment_scheduling_with_lab')
                          ? 'Appointments only with the lab itself; walk-ins welcome'
                          : 'Walk-in only'}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}
      {site ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => search.mutate(site)}
          disabled={search.isPending}
        >
          {search.isPending ? 'Finding slots …' : 'Find slots at this centre'}
        </button>
      ) : null}
      {search.error ? <p role="alert">{describeError(search.error)}</p> : null}
      {availability ? (
        <SlotPicker
          availability={availability}
          days={days}
          timeLegend={`Time (${availability.timezone ?? 'centre time'})`}
          noSlots={<p>No free slots at this centre in the coming week. Choose another centre.</p>}
          withNotes={mode === 'book' && days.length > 0}
          submitLabel={
            days.length === 0 ? null : mode === 'book' ? 'Book appointment' : 'Move the appointment'
          }
          saving={save.isPending}
          error={save.error}
          onChoose={({ key, notes }) => save.mutate({ key, notes })}
        />
      ) : null}
    </div>
  );
}
