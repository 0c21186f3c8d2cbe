import { createFileRoute } from '@tanstack/react-router';
import { ordersViewQueryOptions } from '../../../features/orders/api/ordersList';
import { OrdersPage } from '../../../features/orders/components/OrdersPage';
import { ordersSearchSchema } from '../../../features/orders/lib/ordersSearch';

export const Route = createFileRoute('/_app/orders/')({
  staticData: { permission: 'orders.read', title: 'Orders' },
  validateSearch: ordersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    // The overdue worklist scans page by page on the page itself.
    if (deps.worklist === 'overdue') return;
    // The answer starts loading with the page's code but holds nothing back: the heading and
    // filters draw at once and the list area waits on its own (Suspense). A changed filter
    // therefore never swaps the page for the router's pending screen (which would close an
    // open filter list and lose focus), and the list's first render, a Suspense retry, is
    // one React may split into short tasks instead of one long one after the answer.
    void queryClient
      .query({ ...ordersViewQueryOptions(deps), staleTime: 'static' })
      .catch(() => undefined);
  },
  component: OrdersRoute,
});

function OrdersRoute() {
  const { session } = Route.useRouteContext();
  return <OrdersPage search={Route.useSearch()} session={session} />;
}
