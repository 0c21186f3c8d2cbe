import { createFileRoute, notFound } from '@tanstack/react-router';
import { orderQueryOptions } from '../../../shared/api/orders';
import { OrderNotFound } from '../../../features/orders/components/OrderNotFound';
import { OrderPage } from '../../../features/orders/components/OrderPage';
import { isApiError } from '../../../shared/api/client';
import { isUuid } from '../../../shared/lib/ids';

export const Route = createFileRoute('/_app/orders/$orderId')({
  staticData: { permission: 'orders.read', title: 'Order' },
  loader: async ({ context: { queryClient }, params: { orderId } }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's control flow
    if (!isUuid(orderId)) throw notFound();
    try {
      await queryClient.query({ ...orderQueryOptions(orderId), staleTime: 'static' });
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's control flow
      if (isApiError(error) && (error.status === 404 || error.status === 422)) throw notFound();
      throw error;
    }
  },
  component: OrderRoute,
  notFoundComponent: OrderNotFound,
});

function OrderRoute() {
  const { orderId } = Route.useParams();
  const { session } = Route.useRouteContext();
  return <OrderPage orderId={orderId} session={session} />;
}
