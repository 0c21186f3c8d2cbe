import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Order } from '../../../../contract/order';
import { describeError } from '../../../shared/api/client';
import { formatCount, formatDate } from '../../../shared/lib/format';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { scanOrders } from '../api/scan';
import { ordersViewQueryOptions } from '../api/tracking';
import {
  overdueLevel,
  LIST_PAGE_SIZE,
  type OrdersSearch,
  type Worklist,
} from '../lib/ordersSearch';
import { CsvExport } from './CsvExport';
import { OrdersFilters } from './OrdersFilters';
import { OrdersTable } from './OrdersTable';

const WORKLIST_LINKS: { worklist: Worklist | undefined; label: string }[] = [
  { worklist: undefined, label: 'All orders' },
  { worklist: 'overdue', label: 'Overdue' },
  { worklist: 'critical', label: 'Critical results' },
  { worklist: 'attention', label: 'Needs attention' },
];

const TITLES: Record<Worklist, string> = {
  overdue: 'Overdue orders',
  critical: 'Critical results',
  attention: 'Orders that need attention',
};

export function OrdersPage({ search }: { search: OrdersSearch }) {
  usePageTitle(search.worklist ? TITLES[search.worklist] : 'Orders');
  return (
    <>
      <h1>Orders</h1>
      <nav aria-label="Worklists" className="worklists">
        <ul>
          {WORKLIST_LINKS.map(({ worklist, label }) => (
            <li key={label}>
              <Link
                to="/orders"
                search={worklist ? { worklist } : {}}
                /* The router marks a link current when its search is a subset of the
                   address's, and "All orders" (no search) is a subset of every worklist:
                   only an exact match may count, and the filters decide the rest. */
                activeOptions={{ exact: true }}
                aria-current={search.worklist === worklist ? 'page' : undefined}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {search.worklist ? <h2>{TITLES[search.worklist]}</h2> : null}
      <OrdersFilters search={search} />
      {search.worklist === 'overdue' ? (
        <OverdueView key={JSON.stringify(search)} search={search} />
      ) : (
        <PagedView search={search} />
      )}
    </>
  );
}

const RANGES = [
  ['created_from', 'created_to', 'Created'],
  ['updated_from', 'updated_to', 'Updated'],
] as const;

/** Why a view shows no orders, when the view itself is the reason. */
function whyEmpty(search: OrdersSearch, total: number, pages: number): string {
  for (const [from, to, name] of RANGES) {
    const start = search[from];
    const end = search[to];
    if (start && end && start > end)
      return `No orders match this view: “${name} from” (${formatDate(start)}) is after “${name} to” (${formatDate(end)}). Swap the two dates.`;
  }
  const page = search.page ?? 1;
  if (page > pages && total > 0)
    return `Page ${formatCount(page)} is past the end: this view has ${formatCount(total)} ${total === 1 ? 'order' : 'orders'} on ${formatCount(pages)} ${pages === 1 ? 'page' : 'pages'}.`;
  return 'No orders match this view.';
}

function PagedView({ search }: { search: OrdersSearch }) {
  const { data } = useSuspenseQuery(ordersViewQueryOptions(search));
  const page = search.page ?? 1;
  const total = data.total ?? data.orders.length;
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const first = (page - 1) * LIST_PAGE_SIZE + 1;

  return (
    <>
      <CsvExport search={search} />
      {data.orders.length === 0 ? (
        <p className="empty">
          {whyEmpty(search, total, pages)}
          {page > pages && total > 0 ? (
            <>
              {' '}
              <Link to="/orders" search={{ ...search, page: undefined }}>
                Go to the first page
              </Link>
            </>
          ) : null}
        </p>
      ) : (
        <OrdersTable
          orders={data.orders}
          caption={`Orders ${formatCount(first)}–${formatCount(first + data.orders.length - 1)} of ${formatCount(total)}`}
        />
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="pager">
          {page > 1 ? (
            <Link to="/orders" search={{ ...search, page: page - 1 }}>
              Previous page
            </Link>
          ) : null}
          <span>
            Page {formatCount(page)} of {formatCount(pages)}
          </span>
          {page < pages ? (
            <Link to="/orders" search={{ ...search, page: page + 1 }}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/**
 * GET /v3/orders has no "overdue" filter, so the console reads the open orders oldest
 * first and keeps those past their expected result date, showing how far it has got.
 */
function OverdueView({ search }: { search: OrdersSearch }) {
  const [found, setFound] = useState<Order[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [finished, setFinished] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const today = new Date().toISOString().slice(0, 10);
    let scanned = 0;
    scanOrders(
      search,
      (orders, p) => {
        scanned += orders.length;
        const late = orders.filter((o) => overdueLevel(o, today) !== null);
        setFound((previous) => [...previous, ...late]);
        setProgress({ done: scanned, total: p.total });
        return false;
      },
      controller.signal,
    )
      .then(() => setFinished(true))
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(describeError(e));
      });
    return () => controller.abort();
    // The parent re-keys this view per search, so one scan runs per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <p role="status" className="pending">
        {finished
          ? `Checked all ${formatCount(progress?.total ?? 0)} open orders: ${formatCount(found.length)} overdue.`
          : progress
            ? `Checking open orders: ${formatCount(progress.done)} of ${formatCount(progress.total)} …`
            : 'Checking open orders …'}
      </p>
      {error ? <p role="alert">{error}</p> : null}
      {found.length > 0 ? (
        <OrdersTable orders={found} caption={`${formatCount(found.length)} overdue orders`} />
      ) : finished ? (
        <p className="empty">No open order is past its expected result date.</p>
      ) : null}
    </>
  );
}
