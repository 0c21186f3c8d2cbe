import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../shared/ui/Button';
import { DateRangePicker, type DayRange } from '../../../shared/ui/DateRangePicker';
import { SelectField } from '../../../shared/ui/MultiSelect';
import type { AuditSearch } from '../lib/auditSearch';

const OUTCOMES = [
  { id: 'success', label: 'Allowed' },
  { id: 'refused', label: 'Refused (4xx)' },
  { id: 'failed', label: 'Failed (5xx)' },
] as const;

/** The trail's filters, applied together when the form is sent. */
export function AuditFilters({
  search,
  onApply,
}: {
  search: AuditSearch;
  onApply: (next: AuditSearch) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<AuditSearch>(search);
  const range: DayRange | null =
    draft.from && draft.to ? { start: draft.from, end: draft.to } : null;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const clean = Object.fromEntries(
      Object.entries(draft).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
    ) as AuditSearch;
    onApply(clean);
  };

  type TextKey = 'account' | 'action' | 'record' | 'patient' | 'sign_ins';
  const text = (key: TextKey, label: string, hint: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={draft[key] ?? ''}
        spellCheck={false}
        aria-describedby={`${id}-${key}-hint`}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
      <p id={`${id}-${key}-hint`} className="field-hint">
        {hint}
      </p>
    </div>
  );

  return (
    <form
      role="search"
      aria-label="Filter the audit trail"
      className="card audit-filters"
      onSubmit={submit}
    >
      {text('account', 'Account', 'The e-mail, exactly.')}
      {text('action', 'Action', 'Exactly, e.g. GET /v3/order/{order_id}')}
      {text('record', 'Record id', 'An order, patient or job id, exactly.')}
      {text('patient', 'Patient', 'A patient id: every access to their data.')}
      {text('sign_ins', 'Sign-ins of', 'An e-mail: every sign-in, failure and sign-out.')}
      <div className="field">
        <SelectField
          label="Outcome"
          emptyLabel="Any outcome"
          value={draft.outcome ?? ''}
          options={OUTCOMES}
          onChange={(value) =>
            setDraft({
              ...draft,
              outcome: value === '' ? undefined : (value as AuditSearch['outcome']),
            })
          }
        />
      </div>
      <DateRangePicker
        label="When"
        value={range}
        onChange={(next) => setDraft({ ...draft, from: next?.start, to: next?.end })}
      />
      <p className="audit-filters__actions">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="secondary"
          onPress={() => {
            setDraft({});
            onApply({});
          }}
        >
          Clear
        </Button>
      </p>
    </form>
  );
}
