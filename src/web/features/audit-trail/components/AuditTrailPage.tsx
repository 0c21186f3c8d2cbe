import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  AUDIT_COLUMNS,
  auditDetailText,
  type AuditColumn,
  type AuditRow,
} from '../../../../contract/administration';
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

interface Column {
  heading: string;
  cell: (row: AuditRow) => ReactNode;
}

/*
 * How the page shows each of the trail's columns (AUDIT_COLUMNS, the CSV export's too): a
 * new column must be placed here, or said not to be shown (null). The row id orders the
 * trail but means nothing to a reader; the record's id is shown with its type.
 */
const COLUMNS: Record<AuditColumn, Column | null> = {
  id: null,
  at: { heading: 'When', cell: (row) => formatDateTime(row.at) },
  account_email: { heading: 'Who', cell: (row) => row.account_email ?? '—' },
  role: { heading: 'Role', cell: (row) => row.role ?? '—' },
  action: { heading: 'Action', cell: (row) => <code>{row.action}</code> },
  record_type: {
    heading: 'Record',
    cell: (row) => <RecordLink type={row.record_type} id={row.record_id} />,
  },
  record_id: null,
  outcome: {
    heading: 'Outcome',
    cell: (row) => `${outcomeWord(row.outcome)} (${String(row.outcome)})`,
  },
  request_id: { heading: 'Request id', cell: (row) => <code>{row.request_id}</code> },
  patient_id: {
    heading: 'Patient',
    cell: (row) => (row.patient_id ? <RecordLink type="patient" id={row.patient_id} /> : '—'),
  },
  client_address: { heading: 'Address', cell: (row) => row.client_address ?? '—' },
  detail: { heading: 'Detail', cell: (row) => auditDetailText(row.detail) || '—' },
};
const SHOWN = AUDIT_COLUMNS.filter((column) => COLUMNS[column] !== null);

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
                  {SHOWN.map((column) => (
                    <th key={column} scope="col">
                      {COLUMNS[column]?.heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    {SHOWN.map((column) => (
                      <td key={column}>{COLUMNS[column]?.cell(row)}</td>
                    ))}
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
