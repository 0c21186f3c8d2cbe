import { memo, useId } from 'react';
import { TIMESERIES_RESOURCES } from '../../../../contract/timeseries';
import { SelectField } from '../../../shared/ui/MultiSelect';
import type { WearablesSearch } from '../lib/search';

/** "All providers" as an option: no provider slug can be `*`. */
const ALL_PROVIDERS = '*';

const RESOURCE_OPTIONS = TIMESERIES_RESOURCES.map((r) => ({ id: r.slug, label: r.label }));

export interface WearablesControlsProps {
  resource: string;
  from: string;
  to: string;
  /** '' for every provider. */
  provider: string;
  /** The providers offered, sorted. */
  providers: readonly string[];
  /** Whether the lab toggle is offered, and its state. */
  labsPossible: boolean;
  labsShown: boolean;
  onLabsShown: (shown: boolean) => void;
  /** A change to the page's URL state. */
  onChange: (patch: Partial<WearablesSearch>) => void;
}

/**
 * What is charted, over which days, from which provider. Memoised: pages arriving re-render
 * the view several times a second, and the two listboxes are the costliest part of it.
 */
export const WearablesControls = memo(function WearablesControls({
  resource,
  from,
  to,
  provider,
  providers,
  labsPossible,
  labsShown,
  onLabsShown,
  onChange,
}: WearablesControlsProps) {
  const ids = { from: useId(), to: useId(), labs: useId() };
  return (
    <form className="form wearables-controls card" onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <SelectField
          label="Measurement"
          value={resource}
          onChange={(slug) => {
            if (slug) onChange({ resource: slug, provider: undefined });
          }}
          options={RESOURCE_OPTIONS}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.from}>From</label>
        <input
          id={ids.from}
          type="date"
          required
          value={from}
          max={to}
          onChange={(e) => {
            if (e.target.value) onChange({ from: e.target.value });
          }}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.to}>To</label>
        <input
          id={ids.to}
          type="date"
          value={to}
          min={from}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
        />
      </div>
      <div className="field">
        <SelectField
          label="Provider"
          value={provider || ALL_PROVIDERS}
          onChange={(p) => onChange({ provider: p === ALL_PROVIDERS ? undefined : p || undefined })}
          options={[
            { id: ALL_PROVIDERS, label: 'All providers' },
            ...providers.map((p) => ({ id: p, label: p })),
          ]}
        />
      </div>
      {labsPossible ? (
        <div className="field field--check">
          <input
            id={ids.labs}
            type="checkbox"
            checked={labsShown}
            onChange={(e) => onLabsShown(e.target.checked)}
          />
          <label htmlFor={ids.labs}>Show lab results</label>
        </div>
      ) : null}
    </form>
  );
});
