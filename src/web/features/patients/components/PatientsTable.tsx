import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { formatBirthDate, formatDateTime } from '../../../shared/lib/format';
import { patientTitle } from '../../../shared/patients/names';
import './patients.css';
import { TableScroll } from '../../../shared/ui/TableScroll';

export interface PatientRow {
  userId: string;
  clientUserId: string | null;
  name: { first_name?: string | null; last_name?: string | null; dob?: string | null } | null;
  createdOn: string | null;
}

type SortKey = 'name' | 'dob' | 'created';
const SORT_LABELS: Record<SortKey, string> = {
  name: 'Name',
  dob: 'Date of birth',
  created: 'Created',
};

const sortValue = (row: PatientRow, key: SortKey): string => {
  if (key === 'name') {
    // Last name first, as people scan a list of patients; unnamed ones last.
    const last = row.name?.last_name ?? '';
    const first = row.name?.first_name ?? '';
    return last || first ? `${last} ${first}`.toLowerCase() : '\uffff';
  }
  if (key === 'dob') return row.name?.dob ?? '\uffff';
  return row.createdOn ?? '';
};

/**
 * Patients by name and date of birth, the ids after them. Sorting reorders the rows on
 * screen only: the Lab API lists users in one order and cannot sort them.
 */
export function PatientsTable({
  rows,
  caption,
  showCreated = false,
}: {
  rows: readonly PatientRow[];
  caption: string;
  showCreated?: boolean;
}) {
  const [sort, setSort] = useState<{ key: SortKey; direction: 'ascending' | 'descending' }>({
    key: 'name',
    direction: 'ascending',
  });
  const sorted = useMemo(() => {
    const factor = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort(
      (a, b) => factor * sortValue(a, sort.key).localeCompare(sortValue(b, sort.key)),
    );
  }, [rows, sort]);

  const header = (key: SortKey) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? sort.direction : undefined}>
        <button
          type="button"
          className="sort-button"
          onClick={() =>
            setSort({
              key,
              direction: active && sort.direction === 'ascending' ? 'descending' : 'ascending',
            })
          }
        >
          {SORT_LABELS[key]}
          {active ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}
        </button>
      </th>
    );
  };

  return (
    <TableScroll label={caption}>
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {header('name')}
            {header('dob')}
            <th scope="col">Client user ID</th>
            {showCreated ? header('created') : null}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.userId}>
              <th scope="row">
                <Link to="/patients/$userId" params={{ userId: row.userId }}>
                  {patientTitle(row.name, 'Name not given')}
                </Link>
              </th>
              <td>{row.name?.dob ? formatBirthDate(row.name.dob) : '—'}</td>
              <td className="mono">{row.clientUserId ?? '—'}</td>
              {showCreated ? (
                <td>
                  {row.createdOn ? (
                    <time dateTime={row.createdOn}>{formatDateTime(row.createdOn)}</time>
                  ) : (
                    '—'
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
