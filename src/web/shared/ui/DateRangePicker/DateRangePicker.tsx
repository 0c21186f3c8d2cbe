import { getLocalTimeZone } from '@internationalized/date';
import { useState } from 'react';
import {
  Button,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker as AriaDateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
  RangeCalendar,
} from 'react-aria-components';
import { DATE_PRESETS, parseDay, presetOf, presetRange, todayIn, type DayRange } from './presets';
import '../popover.css';
import './DateRangePicker.css';

interface DateRangePickerProps {
  label: string;
  /** ISO days; a range needs both ends. */
  value: DayRange | null;
  onChange: (value: DayRange | null) => void;
}

/**
 * A date range typed day by day (React Aria date fields: each part a spin button) or
 * picked in a calendar, with presets counted in the user's time zone.
 */
export function DateRangePicker({ label, value, onChange }: DateRangePickerProps) {
  const [open, setOpen] = useState(false);
  const start = parseDay(value?.start);
  const end = parseDay(value?.end);
  const today = todayIn(getLocalTimeZone());
  const preset = presetOf(value, today);

  return (
    <AriaDateRangePicker
      className="date-range"
      value={start && end ? { start, end } : null}
      onChange={(range) =>
        onChange(range ? { start: range.start.toString(), end: range.end.toString() } : null)
      }
      isOpen={open}
      onOpenChange={setOpen}
      // A range ending before it starts is shown as typed; the page says why nothing matches.
      allowsNonContiguousRanges={false}
    >
      <Label className="date-range__label">
        {label}
        {preset ? <span className="date-range__preset">: {preset.label}</span> : null}
      </Label>
      <Group className="date-range__group">
        <DateInput slot="start" className="date-range__input">
          {(segment) => <DateSegment segment={segment} className="date-range__segment" />}
        </DateInput>
        <span aria-hidden="true" className="date-range__dash">
          –
        </span>
        <DateInput slot="end" className="date-range__input">
          {(segment) => <DateSegment segment={segment} className="date-range__segment" />}
        </DateInput>
        <Button className="date-range__open">
          <span aria-hidden="true">▾</span>
        </Button>
      </Group>
      <Popover className="ui-popover date-range__popover" placement="bottom start">
        <Dialog className="date-range__dialog">
          <div className="date-range__presets" role="group" aria-label="Presets">
            {DATE_PRESETS.map((p) => (
              <Button
                key={p.id}
                className="date-range__preset-button"
                data-current={p.id === preset?.id || undefined}
                onPress={() => {
                  onChange(presetRange(p, today));
                  setOpen(false);
                }}
              >
                {p.label}
              </Button>
            ))}
            <Button
              className="date-range__preset-button"
              onPress={() => {
                onChange(null);
                setOpen(false);
              }}
            >
              Any time
            </Button>
          </div>
          <RangeCalendar className="date-range__calendar">
            <header className="date-range__calendar-head">
              <Button slot="previous" className="date-range__nav">
                ‹
              </Button>
              <Heading className="date-range__month" />
              <Button slot="next" className="date-range__nav">
                ›
              </Button>
            </header>
            <CalendarGrid className="date-range__grid">
              {(date) => <CalendarCell date={date} className="date-range__cell" />}
            </CalendarGrid>
          </RangeCalendar>
        </Dialog>
      </Popover>
    </AriaDateRangePicker>
  );
}
