import { createFileRoute } from '@tanstack/react-router';
import { ordersViewQueryOptions } from '../../../features/orders/api/tracking';
import { OrdersPage } from '../../../features/orders/components/OrdersPage';
import { ordersSearchSchema } from '../../../features/orders/lib/ordersSearch';

export const Route = createFileRoute('/_app/orders/')({
  staticData: { permission: 'orders.read', title: 'Orders' },
  validateSearch: ordersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    // The overdue worklist scans page by page on the page itself.
    if (deps.worklist !== 'overdue')
      await queryClient.query({ ...ordersViewQueryOptions(deps), staleTime: 'static' });
  },
  component: OrdersRoute,
});

function OrdersRoute() {
  return <OrdersPage search={Route.useSearch()} />;
}
