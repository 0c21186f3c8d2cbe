import { createFileRoute } from '@tanstack/react-router';
import { ordersViewQueryOptions } from '../../../features/orders/api/tracking';
import { OrdersPage } from '../../../features/orders/components/OrdersPage';
import { ordersSearchSchema } from '../../../features/orders/lib/ordersSearch';

export const Route = createFileRoute('/_app/orders/')({
  staticData: { permission: 'orders.read', title: 'Orders' },
  validateSearch: ordersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps, cause }) => {
    // The overdue worklist scans page by page on the page itself.
    if (deps.worklist === 'overdue') return;
    const view = queryClient.query({ ...ordersViewQueryOptions(deps), staleTime: 'static' });
    // A changed filter must not hold the whole page back (the router would swap it for its
    // pending screen after a second, closing an open filter list and losing focus): the
    // filters stay and the table area waits on its own.
    if (cause === 'stay') {
      view.catch(() => undefined);
      return;
    }
    await view;
  },
  component: OrdersRoute,
});

function OrdersRoute() {
  return <OrdersPage search={Route.useSearch()} />;
}
