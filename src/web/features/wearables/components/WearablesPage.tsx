import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useId, useMemo, useState } from 'react';
import { describeError } from '../../../shared/api/client';
import { isUuid } from '../../../shared/lib/ids';
import { AsyncCombobox, type ComboboxOption } from '../../../shared/ui/AsyncCombobox';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { ordersQueryOptions } from '../../../shared/api/orders';
import { PATIENT_SEARCH_COVERS, patientSearchQueryOptions } from '../../../shared/api/patients';
import { searchHitOption } from '../../../shared/patients/names';

/** Patients of the latest orders, once each, with a name when the order carries one. */
export const PICKER_ORDERS_PAGE_SIZE = 100;

export function WearablesPage() {
  usePageTitle('Wearables');
  const { data } = useSuspenseQuery(ordersQueryOptions(1, PICKER_ORDERS_PAGE_SIZE));
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const hits = useQuery(patientSearchQueryOptions(search));
  const listHeading = useId();
  const onSearch = useCallback((text: string) => setSearch(text), []);

  const options = useMemo(() => {
    const found = (hits.data ?? []).map(searchHitOption);
    // A Lab API user id typed whole opens that user, orders or not.
    const typed: ComboboxOption[] =
      isUuid(search) && !found.some((o) => o.id === search.toLowerCase())
        ? [{ id: search.toLowerCase(), label: 'User ID', detail: search.toLowerCase() }]
        : [];
    return [...found, ...typed];
  }, [hits.data, search]);

  const patients = useMemo(() => {
    const byId = new Map<string, { name: string; dob: string | null }>();
    for (const order of data.orders) {
      const p = order.patient_details;
      const name = p ? [p.first_name, p.last_name].filter(Boolean).join(' ') : '';
      const known = byId.get(order.user_id);
      if (!known || (name && !known.name)) {
        byId.set(order.user_id, { name, dob: p ? p.dob.slice(0, 10) : null });
      }
    }
    return [...byId.entries()].sort(([, a], [, b]) => (a.name || '~').localeCompare(b.name || '~'));
  }, [data]);

  return (
    <>
      <h1>Wearables</h1>
      <p className="lede">Pick a patient to see their wearable data over time.</p>
      <div className="card">
        <AsyncCombobox
          label="Patient"
          description={`${PATIENT_SEARCH_COVERS} A Lab API user ID works too.`}
          onSearch={onSearch}
          options={options}
          loading={hits.isFetching}
          error={hits.isError ? describeError(hits.error) : null}
          emptyText="No patient found."
          onChoose={(option) =>
            void navigate({ to: '/patients/$userId/wearables', params: { userId: option.id } })
          }
        />
      </div>
      <h2 id={listHeading}>Patients of recent orders</h2>
      <ul className="patient-list" aria-labelledby={listHeading}>
        {patients.map(([id, { name, dob }]) => (
          <li key={id}>
            <Link to="/patients/$userId/wearables" params={{ userId: id }}>
              {name || 'Unregistered kit'}
            </Link>{' '}
            {dob ? <span className="muted">born {dob}</span> : null}{' '}
            <span className="muted mono">{id}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
