import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { isUuid } from '../../../shared/lib/ids';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { ordersQueryOptions } from '../../orders/api/orders';

/** Patients of the latest orders, once each, with a name when the order carries one. */
export const PICKER_ORDERS_PAGE_SIZE = 100;

export function PatientPicker() {
  usePageTitle('Wearables');
  const { data } = useSuspenseQuery(ordersQueryOptions(1, PICKER_ORDERS_PAGE_SIZE));
  const navigate = useNavigate();
  const [userId, setUserId] = useState('');
  const [error, setError] = useState('');
  const inputId = useId();
  const errorId = useId();
  const listHeading = useId();

  const patients = useMemo(() => {
    const byId = new Map<string, string>();
    for (const order of data.orders) {
      const p = order.patient_details;
      const name = p ? [p.first_name, p.last_name].filter(Boolean).join(' ') : '';
      if (!byId.has(order.user_id) || (name && !byId.get(order.user_id))) {
        byId.set(order.user_id, name);
      }
    }
    return [...byId.entries()].sort(([, a], [, b]) => (a || '~').localeCompare(b || '~'));
  }, [data]);

  return (
    <>
      <h1>Wearables</h1>
      <p className="lede">Pick a patient to see their wearable data over time.</p>
      <form
        className="form card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const id = userId.trim();
          if (!isUuid(id)) {
            setError('Enter a user ID (a UUID such as 3f2b…-…).');
            return;
          }
          void navigate({ to: '/patients/$userId/wearables', params: { userId: id } });
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>User ID</label>
          <input
            id={inputId}
            type="text"
            className="mono"
            value={userId}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setUserId(e.target.value);
              setError('');
            }}
          />
          {error ? (
            <p id={errorId} className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button">
          Open wearables
        </button>
      </form>
      <h2 id={listHeading}>Patients of recent orders</h2>
      <ul className="patient-list" aria-labelledby={listHeading}>
        {patients.map(([id, name]) => (
          <li key={id}>
            <Link to="/patients/$userId/wearables" params={{ userId: id }}>
              {name || 'Unregistered kit'}
            </Link>{' '}
            <span className="muted mono">{id}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
