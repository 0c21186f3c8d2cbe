import { useNavigate } from '@tanstack/react-router';
import { INTERPRETATIONS } from '../../../../contract/enums';
import type { InboxResponse } from '../../../../contract/resultsInbox';
import { buttonClass } from '../../../shared/ui/Button';
import { SelectField } from '../../../shared/ui/MultiSelect';
import type { InboxSearch } from '../lib/inboxSearch';
import { interpretationWords } from '../lib/labels';

/** Patient, interpretation and test: the choices are what the inbox holds now. */
export function InboxFilters({ search, inbox }: { search: InboxSearch; inbox: InboxResponse }) {
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
        <div className="field">
          <SelectField
            label="Patient"
            name="user_id"
            emptyLabel="Any"
            defaultValue={search.user_id ?? ''}
            options={inbox.patients.map((p) => ({ id: p.user_id, label: p.name }))}
          />
        </div>
        <div className="field">
          <SelectField
            label="Interpretation"
            name="interpretation"
            emptyLabel="Any"
            defaultValue={search.interpretation ?? ''}
            options={INTERPRETATIONS.map((i) => ({ id: i, label: interpretationWords(i) }))}
          />
        </div>
        <div className="field">
          <SelectField
            label="Lab test"
            name="lab_test_id"
            emptyLabel="Any"
            defaultValue={search.lab_test_id ?? ''}
            options={inbox.lab_tests.map((t) => ({ id: t.id, label: t.name }))}
          />
        </div>
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
