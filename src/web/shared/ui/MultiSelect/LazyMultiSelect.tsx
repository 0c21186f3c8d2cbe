import { lazy, Suspense, type ComponentProps } from 'react';
import type { MultiSelect as Select } from './MultiSelect';
import './MultiSelect.css';

/*
 * React Aria's select, list box and popover are fetched beside the page rather than before
 * its first paint: a filter bar shows only the closed buttons. Until the code arrives a
 * box of the same size holds the place.
 */
const MultiSelect = lazy(() => import('./MultiSelect').then((m) => ({ default: m.MultiSelect })));

export function LazyMultiSelect(props: ComponentProps<typeof Select>) {
  return (
    <Suspense
      fallback={
        <div className="multi-select">
          <div className="multi-select__field">
            <span className="multi-select__label">{props.label}</span>
            <span className="multi-select__button" aria-hidden="true">
              {props.placeholder ?? 'Any'}
            </span>
          </div>
        </div>
      }
    >
      <MultiSelect {...props} />
    </Suspense>
  );
}
