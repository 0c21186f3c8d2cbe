import { useId, useState, type ReactNode } from 'react';
import type { Availability } from '../../../../../contract/appointments';
import { describeError } from '../../../../shared/api/client';
import { formatDate, formatTimeRangeIn } from '../../../../shared/lib/format';
import { SelectField } from '../../../../shared/ui/MultiSelect';

export interface SlotChoice {
  /** The chosen slot's booking key; empty when there were no slots to choose from. */
  key: string;
  notes: string;
}

/**
 * The slots of an availability answer, a day at a time, with optional appointment notes:
 * what booking or moving a phlebotomy or centre visit asks for.
 */
export function SlotPicker({
  availability,
  days,
  timeLegend,
  noSlots,
  withNotes,
  submitLabel,
  saving,
  error,
  onChoose,
}: {
  availability: Availability;
  /** The days to offer (the answer's, or those with slots left). */
  days: Availability['slots'];
  timeLegend: string;
  /** Said when `days` is empty. */
  noSlots: ReactNode;
  withNotes: boolean;
  /** Null: nothing to submit. */
  submitLabel: string | null;
  saving: boolean;
  error: unknown;
  onChoose: (choice: SlotChoice) => void;
}) {
  const id = useId();
  const [shown, setShown] = useState(availability);
  const [day, setDay] = useState(0);
  // A new answer starts again at its first day.
  if (shown !== availability) {
    setShown(availability);
    setDay(0);
  }
  const slots = days[day]?.slots ?? [];

  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const text = (name: string) => {
          const value = data.get(name);
          return typeof value === 'string' ? value.trim() : '';
        };
        onChoose({ key: text('slot'), notes: text('notes') });
      }}
    >
      {days.length === 0 ? (
        noSlots
      ) : (
        <>
          <div className="field">
            <SelectField
              label="Day"
              value={String(day)}
              onChange={(index) => setDay(Number(index))}
              options={days.map((d, index) => ({ id: String(index), label: formatDate(d.date) }))}
            />
          </div>
          <fieldset className="subfieldset">
            <legend>{timeLegend}</legend>
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
      {withNotes ? (
        <p className="field">
          <label htmlFor={`${id}-notes`}>Appointment notes</label>
          <textarea id={`${id}-notes`} name="notes" maxLength={1000} rows={2} />
        </p>
      ) : null}
      {submitLabel ? (
        <button type="submit" className="button" disabled={saving}>
          {submitLabel}
        </button>
      ) : null}
      {error ? <p role="alert">The Lab API refused: {describeError(error)}</p> : null}
    </form>
  );
}
