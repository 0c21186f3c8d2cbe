import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { describeError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/Button';
import { EmptyState, Pending } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { auditPagesQueryOptions } from '../api/audit';
import type { AuditSearch } from '../lib/auditSearch';
import { AuditFilters } from './AuditFilters';
import { ChainCheck } from './ChainCheck';
import { ExportButton } from './ExportButton';
import { RecordLink } from './RecordLink';
import './audit.css';
import { TableScroll } from '../../../shared/ui/TableScroll';

const outcomeWord = (status: number) =>
  status < 400 ? 'Allowed' : status < 500 ? 'Refused' : 'Failed';

/**
 * For admins: who did what to which record, when, with what outcome — filtered and paged
 * by the BFF over the whole trail, exported as CSV, and checked for tampering. Ids only:
 * the trail never holds patient values.
 */
export function AuditTrailPage({ search }: { search: AuditSearch }) {
  usePageTitle('Audit trail');
  const navigate = useNavigate();
  const pages = useInfiniteQuery(auditPagesQueryOptions(search));
  const rows = pages.data?.pages.flatMap((page) => page.rows) ?? [];

  return (
    <>
      <h1>Audit trail</h1>
      <AuditFilters
        // A new search in the address bar (back, a link) resets the form.
        key={JSON.stringify(search)}
        search={search}
        onApply={(next) => void navigate({ to: '/admin/audit', search: next })}
      />
      <div className="audit-tools">
        <ExportButton search={search} />
      </div>
      {pages.isPending ? (
        <Pending label="Loading the audit trail …" />
      ) : pages.isError ? (
        <p role="alert" className="form-alert">
          {describeError(pages.error)}
        </p>
      ) : rows.length === 0 ? (
        <EmptyState title="No audit rows match these filters." />
      ) : (
        <>
          <TableScroll label="Audit rows">
            <table className="table audit-table">
              <caption className="visually-hidden">Audit rows, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Role</th>
                  <th scope="col">Action</th>
                  <th scope="col">Record</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Request id</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{formatDateTime(row.at)}</td>
                    <td>{row.account_email ?? '—'}</td>
                    <td>{row.role ?? '—'}</td>
                    <td>
                      <code>{row.action}</code>
                    </td>
                    <td>
                      <RecordLink type={row.record_type} id={row.record_id} />
                    </td>
                    <td>
                      {outcomeWord(row.outcome)} ({row.outcome})
                    </td>
                    <td>
                      <code>{row.request_id}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <p className="audit-more">
            {pages.hasNextPage ? (
              <Button
                variant="secondary"
                onPress={() => void pages.fetchNextPage()}
                isDisabled={pages.isFetchingNextPage}
              >
                {pages.isFetchingNextPage ? 'Loading …' : 'Show older rows'}
              </Button>
            ) : (
              'The oldest matching row is shown.'
            )}
          </p>
        </>
      )}
      <ChainCheck />
    </>
  );
}
