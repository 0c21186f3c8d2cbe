import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import {
  COLLECTION_METHODS,
  INTERPRETATIONS,
  LOW_LEVEL_STATUSES,
} from '../../../../contract/enums';
import { describeCollectionMethod, describeLowLevelStatus } from '../../../shared/lib/labels';
import { humanize } from '../../../shared/lib/format';
import { ordersSearchSchema, type OrdersSearch } from '../lib/ordersSearch';

const text = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** Reads the form into a view; the schema drops what is empty or invalid. */
function readForm(form: HTMLFormElement, worklist: OrdersSearch['worklist']): OrdersSearch {
  const data = new FormData(form);
  const many = (name: string) => {
    const values = data.getAll(name).filter((v): v is string => typeof v === 'string');
    return values.length ? values : undefined;
  };
  const critical = text(data, 'critical');
  return ordersSearchSchema.parse({
    q: text(data, 'q'),
    status: many('status'),
    method: many('method'),
    interpretation: text(data, 'interpretation'),
    critical: critical === undefined ? undefined : critical === 'true',
    created_from: text(data, 'created_from'),
    created_to: text(data, 'created_to'),
    updated_from: text(data, 'updated_from'),
    updated_to: text(data, 'updated_to'),
    activation: text(data, 'activation'),
    patient: text(data, 'patient'),
    sort: text(data, 'sort'),
    dir: text(data, 'dir'),
    worklist,
  });
}

/**
 * Every filter of GET /v3/orders. Applying writes the view into the address bar, so a
 * reload or a shared link shows the same orders. The form is re-keyed on each view.
 */
export function OrdersFilters({ search }: { search: OrdersSearch }) {
  const navigate = useNavigate({ from: '/orders/' });
  const id = useId();

  return (
    <form
      className="filters"
      role="search"
      aria-label="Filter orders"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate({ search: readForm(event.currentTarget, search.worklist) });
      }}
      key={JSON.stringify(search)}
    >
      <div className="filters__row">
        <p className="field">
          <label htmlFor={`${id}-q`}>Search</label>
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            defaultValue={search.q ?? ''}
            placeholder="Order ID, user ID, name, date of birth"
          />
        </p>
        <p className="field">
          <label htmlFor={`${id}-patient`}>Patient name</label>
          <input id={`${id}-patient`} name="patient" defaultValue={search.patient ?? ''} />
        </p>
        <p className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            name="status"
            multiple
            size={4}
            defaultValue={search.status ?? []}
          >
            {LOW_LEVEL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {describeLowLevelStatus(s)}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor={`${id}-method`}>Collection method</label>
          <select
            id={`${id}-method`}
            name="method"
            multiple
            size={4}
            defaultValue={search.method ?? []}
          >
            {COLLECTION_METHODS.map((m) => (
              <option key={m} value={m}>
                {describeCollectionMethod(m)}
              </option>
            ))}
          </select>
        </p>
      </div>
      <div className="filters__row">
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
                {humanize(i)}
              </option>
            ))}
            <option value="none">No interpretation yet</option>
          </select>
        </p>
        <p className="field">
          <label htmlFor={`${id}-critical`}>Critical</label>
          <select
            id={`${id}-critical`}
            name="critical"
            defaultValue={search.critical === undefined ? '' : String(search.critical)}
          >
            <option value="">Any</option>
            <option value="true">Critical only</option>
            <option value="false">Not critical</option>
          </select>
        </p>
        <p className="field">
          <label htmlFor={`${id}-activation`}>Activation</label>
          <select id={`${id}-activation`} name="activation" defaultValue={search.activation ?? ''}>
            <option value="">Any</option>
            <option value="current">Current</option>
            <option value="scheduled">Scheduled</option>
          </select>
        </p>
        <p className="field">
          <label htmlFor={`${id}-created_from`}>Created from</label>
          <input
            id={`${id}-created_from`}
            name="created_from"
            type="date"
            defaultValue={search.created_from ?? ''}
          />
        </p>
        <p className="field">
          <label htmlFor={`${id}-created_to`}>Created to</label>
          <input
            id={`${id}-created_to`}
            name="created_to"
            type="date"
            defaultValue={search.created_to ?? ''}
          />
        </p>
        <p className="field">
          <label htmlFor={`${id}-updated_from`}>Updated from</label>
          <input
            id={`${id}-updated_from`}
            name="updated_from"
            type="date"
            defaultValue={search.updated_from ?? ''}
          />
        </p>
        <p className="field">
          <label htmlFor={`${id}-updated_to`}>Updated to</label>
          <input
            id={`${id}-updated_to`}
            name="updated_to"
            type="date"
            defaultValue={search.updated_to ?? ''}
          />
        </p>
        <p className="field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select id={`${id}-sort`} name="sort" defaultValue={search.sort ?? ''}>
            <option value="">Created</option>
            <option value="patient_name">Patient name</option>
            <option value="last_status">Status</option>
          </select>
        </p>
        <p className="field">
          <label htmlFor={`${id}-dir`}>Direction</label>
          <select id={`${id}-dir`} name="dir" defaultValue={search.dir ?? ''}>
            <option value="">Descending</option>
            <option value="asc">Ascending</option>
          </select>
        </p>
      </div>
      <p className="filters__actions">
        <button type="submit" className="button">
          Apply filters
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void navigate({ search: {} })}
        >
          Clear filters
        </button>
      </p>
    </form>
  );
}
