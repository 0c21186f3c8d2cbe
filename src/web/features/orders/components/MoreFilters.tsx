import { humanize } from '../../../shared/lib/format';
import { DateRangePicker } from '../../../shared/ui/DateRangePicker';
import { SelectField } from '../../../shared/ui/MultiSelect';
import { INTERPRETATIONS } from '../../../../contract/enums';
import type { OrdersSearch } from '../lib/ordersSearch';

type Apply = (change: Partial<OrdersSearch>) => void;

/** The rarer filters, folded under "More filters" (fetched when first unfolded). */
export function MoreFilters({
  search,
  apply,
  id,
}: {
  search: OrdersSearch;
  apply: Apply;
  id: string;
}) {
  return (
    <>
      <p className="orders-filters__field">
        <label htmlFor={`${id}-patient`}>Patient name</label>
        <input
          id={`${id}-patient`}
          key={search.patient ?? ''}
          name="patient"
          defaultValue={search.patient ?? ''}
        />
      </p>
      <div className="orders-filters__field">
        <SelectField
          label="Interpretation"
          emptyLabel="Any"
          value={search.interpretation ?? ''}
          options={[
            ...INTERPRETATIONS.map((i) => ({ id: i, label: humanize(i) })),
            { id: 'none', label: 'No interpretation yet' },
          ]}
          onChange={(value) =>
            apply({ interpretation: (value || undefined) as OrdersSearch['interpretation'] })
          }
        />
      </div>
      <div className="orders-filters__field">
        <SelectField
          label="Critical"
          emptyLabel="Any"
          value={search.critical === undefined ? '' : String(search.critical)}
          options={[
            { id: 'true', label: 'Critical only' },
            { id: 'false', label: 'Not critical' },
          ]}
          onChange={(value) => apply({ critical: value === '' ? undefined : value === 'true' })}
        />
      </div>
      <div className="orders-filters__field">
        <SelectField
          label="Activation"
          emptyLabel="Any"
          value={search.activation ?? ''}
          options={[
            { id: 'current', label: 'Current' },
            { id: 'scheduled', label: 'Scheduled' },
          ]}
          onChange={(value) =>
            apply({ activation: (value || undefined) as OrdersSearch['activation'] })
          }
        />
      </div>
      <DateRangePicker
        label="Updated"
        value={
          search.updated_from && search.updated_to
            ? { start: search.updated_from, end: search.updated_to }
            : null
        }
        onChange={(range) => apply({ updated_from: range?.start, updated_to: range?.end })}
      />
    </>
  );
}
