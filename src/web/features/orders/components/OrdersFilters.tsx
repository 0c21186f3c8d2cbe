import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState, type SyntheticEvent } from 'react';
import * as v from 'valibot';
import { COLLECTION_METHODS, LOW_LEVEL_STATUSES } from '../../../../contract/enums';
import { describeCollectionMethod, describeLowLevelStatus } from '../../../shared/lib/labels';
import { NARROW_SCREEN, useMediaQuery } from '../../../shared/lib/useMediaQuery';
import { DateRangePicker } from '../../../shared/ui/DateRangePicker';
import { MultiSelect } from '../../../shared/ui/MultiSelect';
import { activeFilterCount, ordersSearchSchema, type OrdersSearch } from '../lib/ordersSearch';
import { SavedViews } from './SavedViews';

/*
 * What the first screen does not show (the folded filters, the phone's sheet) is fetched
 * when first opened: their selects and dialogs would otherwise be evaluated and mounted
 * closed before the list's first paint.
 */
const MoreFilters = lazy(() => import('./MoreFilters').then((m) => ({ default: m.MoreFilters })));
const FiltersSheet = lazy(() =>
  import('./FiltersSheet').then((m) => ({ default: m.FiltersSheet })),
);

const STATUS_OPTIONS = LOW_LEVEL_STATUSES.map((s) => ({ id: s, label: describeLowLevelStatus(s) }));
const METHOD_OPTIONS = COLLECTION_METHODS.map((m) => ({
  id: m,
  label: describeCollectionMethod(m),
}));

type Apply = (change: Partial<OrdersSearch>) => void;

/** The typed fields (search text, patient name) apply on Enter or "Apply filters". */
function readText(event: SyntheticEvent<HTMLFormElement>): Partial<OrdersSearch> {
  const data = new FormData(event.currentTarget);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const change: Partial<OrdersSearch> = { q: text('q') };
  if (data.has('patient')) change.patient = text('patient');
  return change;
}

/**
 * The orders list's filter bar: search, statuses and methods as chips, a created-date
 * range with presets; the rarer filters folded under "More filters". Every choice goes
 * into the address bar at once (a reload or a shared link shows the same view); on
 * phones the filters open in a sheet.
 */
export function OrdersFilters({ search }: { search: OrdersSearch }) {
  const navigate = useNavigate({ from: '/orders/' });
  const narrow = useMediaQuery(NARROW_SCREEN);
  const id = useId();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(() => hasMoreFilters(search));
  const apply: Apply = (change) =>
    void navigate({
      search: v.parse(ordersSearchSchema, { ...search, ...change, page: undefined }),
    });
  const count = activeFilterCount(search);

  const searchField = (
    <p className="orders-filters__search">
      <label htmlFor={`${id}-q`}>Search</label>
      <input
        id={`${id}-q`}
        key={search.q ?? ''}
        name="q"
        type="search"
        defaultValue={search.q ?? ''}
        placeholder="Order ID, user ID, name, date of birth"
      />
    </p>
  );
  const clear =
    count > 0 || search.q ? (
      <button
        type="button"
        className="button button--secondary"
        onClick={() =>
          void navigate({ search: search.worklist ? { worklist: search.worklist } : {} })
        }
      >
        Clear filters
      </button>
    ) : null;
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(readText(event));
    setSheetOpen(false);
  };

  if (narrow) {
    return (
      <div className="orders-filters orders-filters--narrow">
        <form role="search" aria-label="Filter orders" onSubmit={onSubmit}>
          {searchField}
          <p className="orders-filters__actions">
            <button type="submit" className="button">
              Apply filters
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-haspopup="dialog"
              onClick={() => setSheetOpen(true)}
            >
              Filters{count ? ` (${count})` : ''}
            </button>
            <SavedViews search={search} />
          </p>
        </form>
        {sheetOpen ? (
          <Suspense fallback={null}>
            <FiltersSheet isOpen={sheetOpen} onOpenChange={setSheetOpen}>
              <form onSubmit={onSubmit}>
                <ChipFilters search={search} apply={apply} />
                <Suspense fallback={null}>
                  <MoreFilters search={search} apply={apply} id={id} />
                </Suspense>
                <p className="orders-filters__actions">
                  <button type="submit" className="button">
                    Show orders
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      void navigate({
                        search: search.worklist ? { worklist: search.worklist } : {},
                      });
                      setSheetOpen(false);
                    }}
                  >
                    Clear filters
                  </button>
                </p>
              </form>
            </FiltersSheet>
          </Suspense>
        ) : null}
      </div>
    );
  }

  return (
    <form className="orders-filters" role="search" aria-label="Filter orders" onSubmit={onSubmit}>
      <div className="orders-filters__bar">
        {searchField}
        <button type="submit" className="button">
          Apply filters
        </button>
        <ChipFilters search={search} apply={apply} />
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={moreOpen}
          aria-controls={`${id}-more`}
          onClick={() => setMoreOpen(!moreOpen)}
        >
          {moreOpen ? 'Fewer filters' : 'More filters'}
        </button>
        {clear}
        <SavedViews search={search} />
      </div>
      {moreOpen ? (
        <div className="orders-filters__bar orders-filters__more" id={`${id}-more`}>
          <Suspense fallback={null}>
            <MoreFilters search={search} apply={apply} id={id} />
          </Suspense>
        </div>
      ) : null}
    </form>
  );
}

const hasMoreFilters = (search: OrdersSearch) =>
  Boolean(
    search.patient ??
    search.interpretation ??
    search.activation ??
    search.updated_from ??
    search.updated_to ??
    search.critical !== undefined,
  );

function ChipFilters({ search, apply }: { search: OrdersSearch; apply: Apply }) {
  return (
    <>
      <MultiSelect
        label="Status"
        options={STATUS_OPTIONS}
        value={search.status ?? []}
        onChange={(status) => apply({ status: status as OrdersSearch['status'] })}
      />
      <MultiSelect
        label="Collection method"
        options={METHOD_OPTIONS}
        value={search.method ?? []}
        onChange={(method) => apply({ method: method as OrdersSearch['method'] })}
      />
      <DateRangePicker
        label="Created"
        value={
          search.created_from && search.created_to
            ? { start: search.created_from, end: search.created_to }
            : null
        }
        onChange={(range) => apply({ created_from: range?.start, created_to: range?.end })}
      />
    </>
  );
}
