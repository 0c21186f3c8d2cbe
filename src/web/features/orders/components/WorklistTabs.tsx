import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatCount } from '../../../shared/lib/format';
import { worklistCountQueryOptions } from '../api/ordersList';
import type { OrdersSearch, Worklist } from '../lib/ordersSearch';

const WORKLIST_LINKS: { worklist: Worklist | undefined; label: string; counted: boolean }[] = [
  { worklist: undefined, label: 'All orders', counted: true },
  // GET /v3/orders cannot count overdue orders: only a scan of every open order can.
  { worklist: 'overdue', label: 'Overdue', counted: false },
  { worklist: 'critical', label: 'Critical results', counted: true },
  { worklist: 'attention', label: 'Needs attention', counted: true },
];

/**
 * Worklists look like tabs but are links (each one is an address, so the back button and
 * a shared link work); the open one is `aria-current="page"`. The count sits beside the
 * link's name, so the name stays the worklist's.
 */
export function WorklistTabs({ search }: { search: OrdersSearch }) {
  return (
    <nav aria-label="Worklists" className="worklist-tabs">
      <ul>
        {WORKLIST_LINKS.map(({ worklist, label, counted }) => (
          <li key={label} data-current={search.worklist === worklist || undefined}>
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
            {counted ? <WorklistCount worklist={worklist} /> : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function WorklistCount({ worklist }: { worklist: Worklist | undefined }) {
  const { data } = useQuery(worklistCountQueryOptions(worklist ? { worklist } : {}));
  if (data === undefined || data === null) return null;
  return (
    <span className="worklist-tabs__count">
      {formatCount(data)}
      <span className="visually-hidden"> orders</span>
    </span>
  );
}
