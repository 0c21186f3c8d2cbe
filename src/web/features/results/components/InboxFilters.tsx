import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { INTERPRETATIONS } from '../../../../contract/enums';
import type { InboxResponse } from '../../../../contract/resultsInbox';
import { buttonClass } from '../../../shared/ui/Button';
import type { InboxSearch } from '../lib/inboxSearch';
import { interpretationWords } from '../lib/labels';

/** Patient, interpretation and test: the choices are what the inbox holds now. */
export function InboxFilters({ search, inbox }: { search: InboxSearch; inbox: InboxResponse }) {
  const id = useId();
  const navigate = useNavigate();
  const read = (form: HTMLFormElement): InboxSearch => {
    const data = new FormData(form);
    const value = (name: string) => {
      const v = data.get(name);
      return typeof v === 'string' && v ? v : undefined;
    };
    return {
      user_id: value('user_id'),
      interpretation: value('interpretation') as InboxSearch['interpretation'],
      lab_test_id: value('lab_test_id'),
    };
  };
  return (
    <form
      role="search"
      aria-label="Filter results"
      className="filters inbox-filters"
      key={JSON.stringify(search)}
      onSubmit={(event) => {
        event.preventDefault();
        void navigate({ to: '/results', search: read(event.currentTarget) });
      }}
    >
      <div className="filters__row">
        <p className="field">
          <label htmlFor={`${id}-patient`}>Patient</label>
          <select id={`${id}-patient`} name="user_id" defaultValue={search.user_id ?? ''}>
            <option value="">Any</option>
            {inbox.patients.map((p) => (
              <option key={p.user_id} value={p.user_id}>
                {p.name}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor={`${id}-interpretation`}>Interpretation</label>
          <select
            id={`${id}-interpretation`}
            name="interpretation"
            defaultValue={search.interpretation ?? ''}
          >
            <option value="">Any</option>
            {INTERPRETATIONS.map((i) => (
              <option key={i} value={i}>
                {interpretationWords(i)}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor={`${id}-test`}>Lab test</label>
          <select id={`${id}-test`} name="lab_test_id" defaultValue={search.lab_test_id ?? ''}>
            <option value="">Any</option>
            {inbox.lab_tests.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </p>
      </div>
      <p className="filters__actions">
        <button type="submit" className={buttonClass('secondary', 'small')}>
          Apply filters
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'small')}
          onClick={() => void navigate({ to: '/results', search: {} })}
        >
          Clear
        </button>
      </p>
    </form>
  );
}
