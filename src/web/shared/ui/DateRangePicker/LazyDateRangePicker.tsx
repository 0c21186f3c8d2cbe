import { lazy, Suspense, type ComponentProps } from 'react';
import type { DateRangePicker as Picker } from './DateRangePicker';
import './DateRangePicker.css';

/*
 * The calendar and its date arithmetic are the heaviest part of the filter bar: loaded on
 * their own, so the page that shows them stays within its bundle budget
 * (bench/bundle-size.mjs). Until then a box of the same size holds the place.
 */
const DateRangePicker = lazy(() =>
  import('./DateRangePicker').then((m) => ({ default: m.DateRangePicker })),
);

export function LazyDateRangePicker(props: ComponentProps<typeof Picker>) {
  return (
    <Suspense
      fallback={
        <div className="date-range date-range--loading">
          <span className="date-range__label">{props.label}</span>
          <span className="date-range__group" />
        </div>
      }
    >
      <DateRangePicker {...props} />
    </Suspense>
  );
}
