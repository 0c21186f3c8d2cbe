import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import type { Order } from '../../../../contract/order';
import { describeError } from '../../../shared/api/client';
import { formatCount, formatDate } from '../../../shared/lib/format';
import { canActOnOrders } from '../../../shared/lib/permissions';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { Skeleton } from '../../../shared/ui/Skeleton';
import type { SessionResponse } from '../../../../contract/console';
import { scanOrders } from '../api/scan';
import { ordersViewQueryOptions } from '../api/ordersList';
import {
  overdueLevel,
  sortOf,
  withSort,
  LIST_PAGE_SIZE,
  type OrdersSearch,
  type Worklist,
} from '../lib/ordersSearch';
import { CsvExport } from './CsvExport';
import { OrdersFilters } from './OrdersFilters';
import { OrdersTable } from './OrdersTable';
import { WorklistTabs } from './WorklistTabs';
import './orders.css';

const TITLES: Record<Worklist, string> = {
  overdue: 'Overdue orders',
  critical: 'Critical results',
  attention: 'Orders that need attention',
};

/** What the table needs from the signed-in account. */
interface Viewer {
  canAct: boolean;
  columnsKey: string;
}

/** `session` comes from the router's context (the `_app` route). */
export function OrdersPage({
  search,
  session,
}: {
  search: OrdersSearch;
  session: SessionResponse;
}) {
  usePageTitle(search.worklist ? TITLES[search.worklist] : 'Orders');
  const viewer: Viewer = {
    canAct: canActOnOrders(session.account.role),
    columnsKey: `orders:${session.account.id}`,
  };
  // A new view starts with nothing selected.
  const viewKey = JSON.stringify(search);
  return (
    <>
      <div className="orders-head">
        <h1>Orders</h1>
        <WorklistTabs search={search} />
      </div>
      {search.worklist ? (
        <h2 className="orders-head__worklist">{TITLES[search.worklist]}</h2>
      ) : null}
      <OrdersFilters search={search} />
      <Suspense fallback={<Skeleton variant="table" lines={12} label="Loading orders …" />}>
        {search.worklist === 'overdue' ? (
          <OverdueView key={viewKey} search={search} viewer={viewer} />
        ) : (
          <PagedView key={viewKey} search={search} viewer={viewer} />
        )}
      </Suspense>
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

function PagedView({ search, viewer }: { search: OrdersSearch; viewer: Viewer }) {
  const { data } = useSuspenseQuery(ordersViewQueryOptions(search));
  const navigate = useNavigate({ from: '/orders/' });
  const page = search.page ?? 1;
  const total = data.total ?? data.orders.length;
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const first = (page - 1) * LIST_PAGE_SIZE + 1;

  const pager =
    pages > 1 ? (
      <nav aria-label="Pages" className="pager pager--compact">
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
    ) : null;

  if (data.orders.length === 0) {
    return (
      <>
        <CsvExport search={search} />
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
        {pager}
      </>
    );
  }
  return (
    <OrdersTable
      orders={data.orders}
      caption={`Orders ${formatCount(first)}–${formatCount(first + data.orders.length - 1)} of ${formatCount(total)}`}
      canAct={viewer.canAct}
      columnsKey={viewer.columnsKey}
      sort={sortOf(search)}
      onSortChange={(sort) => void navigate({ search: withSort(search, sort) })}
      exportView={<CsvExport search={search} />}
      pager={pager}
    />
  );
}

/**
 * GET /v3/orders has no "overdue" filter, so the console reads the open orders oldest
 * first and keeps those past their expected result date, showing how far it has got.
 */
function OverdueView({ search, viewer }: { search: OrdersSearch; viewer: Viewer }) {
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
        <OrdersTable
          orders={found}
          caption={`${formatCount(found.length)} overdue orders`}
          canAct={viewer.canAct}
          columnsKey={viewer.columnsKey}
          exportView={<CsvExport search={search} />}
        />
      ) : finished ? (
        <p className="empty">No open order is past its expected result date.</p>
      ) : null}
    </>
  );
}
