import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, type SyntheticEvent } from 'react';
import { MATCH_DECISION_CODES, MATCH_REVIEW_STATUSES } from '../../../../contract/unmatchedResults';
import { formatBirthDate, formatCount, formatDateTime } from '../../../shared/lib/format';
import { SelectField } from '../../../shared/ui/MultiSelect';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { unmatchedResultsQueryOptions } from '../api/unmatchedResults';
import { describeDecision, describeReviewStatus } from '../lib/labels';
import type { QueueSearch } from '../lib/queueSearch';
import { TableScroll } from '../../../shared/ui/TableScroll';

const LABS = [
  { slug: 'quest', name: 'Quest Diagnostics' },
  { slug: 'labcorp', name: 'Labcorp' },
  { slug: 'bioreference', name: 'BioReference Health' },
];

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

export function UnmatchedResultsPage({ search }: { search: QueueSearch }) {
  usePageTitle('Unmatched results');
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(unmatchedResultsQueryOptions(search));
  const filtersId = useId();

  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // A new filter starts again from the first page.
    void navigate({
      to: '/unmatched-results',
      search: {
        status: text(form, 'status') as QueueSearch['status'],
        decision: text(form, 'decision') as QueueSearch['decision'],
        lab: text(form, 'lab'),
        from: text(form, 'from'),
        to: text(form, 'to'),
        q: text(form, 'q'),
      },
    });
  };

  return (
    <>
      <h1>Unmatched results</h1>
      <p className="lede">
        Lab results that matched no order. Open one to compare it with its candidate orders.
      </p>

      <form className="form filters" aria-labelledby={filtersId} onSubmit={apply}>
        <h2 id={filtersId}>Filters</h2>
        <div className="filters__fields">
          <div className="field">
            <SelectField
              label="Status"
              name="status"
              emptyLabel="Open (not resolved)"
              defaultValue={search.status ?? ''}
              options={MATCH_REVIEW_STATUSES.map((s) => ({
                id: s,
                label: describeReviewStatus(s),
              }))}
            />
          </div>
          <div className="field">
            <SelectField
              label="Decision"
              name="decision"
              emptyLabel="Any decision"
              defaultValue={search.decision ?? ''}
              options={MATCH_DECISION_CODES.map((c) => ({ id: c, label: describeDecision(c) }))}
            />
          </div>
          <div className="field">
            <SelectField
              label="Lab"
              name="lab"
              emptyLabel="Any lab"
              defaultValue={search.lab ?? ''}
              options={LABS.map((l) => ({ id: l.slug, label: l.name }))}
            />
          </div>
          <div className="field">
            <label htmlFor="f-from">Received from</label>
            <input id="f-from" name="from" type="date" defaultValue={search.from ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="f-to">Received until</label>
            <input id="f-to" name="to" type="date" defaultValue={search.to ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="f-q">Name or date of birth</label>
            <input id="f-q" name="q" type="text" defaultValue={search.q ?? ''} />
          </div>
        </div>
        <button type="submit" className="button">
          Apply filters
        </button>
      </form>

      {data.data.length === 0 ? (
        <p className="empty">No unmatched results match these filters.</p>
      ) : (
        <TableScroll label="Unmatched results">
          <table className="table">
            <caption>
              Showing {formatCount(data.data.length)} of {formatCount(data.total)}{' '}
              {data.total === 1 ? 'result' : 'results'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Patient (as the lab sent it)</th>
                <th scope="col">Decision</th>
                <th scope="col">Status</th>
                <th scope="col">Lab</th>
                <th scope="col">Received</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((result) => (
                <tr key={result.id}>
                  <th scope="row">
                    <Link to="/unmatched-results/$resultId" params={{ resultId: result.id }}>
                      {result.patient
                        ? `${result.patient.first_name ?? ''} ${result.patient.last_name ?? ''}`.trim()
                        : 'No demographics'}
                    </Link>
                    {result.patient?.dob ? (
                      <span className="muted"> · born {formatBirthDate(result.patient.dob)}</span>
                    ) : null}
                  </th>
                  <td>{describeDecision(result.decision_code)}</td>
                  <td>{describeReviewStatus(result.status)}</td>
                  <td>{result.lab.name}</td>
                  <td>
                    <time dateTime={result.created_at}>{formatDateTime(result.created_at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav aria-label="Pages" className="pager">
        {search.cursor ? (
          <Link to="/unmatched-results" search={{ ...search, cursor: undefined }}>
            First page
          </Link>
        ) : null}
        {data.next_cursor ? (
          <Link to="/unmatched-results" search={{ ...search, cursor: data.next_cursor }}>
            Next page
          </Link>
        ) : null}
      </nav>
    </>
  );
}
