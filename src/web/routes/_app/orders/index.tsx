import { createFileRoute } from '@tanstack/react-router';
import { ordersQueryOptions } from '../../../features/orders/api/orders';
import { OrdersPage } from '../../../features/orders/components/OrdersPage';

export const Route = createFileRoute('/_app/orders/')({
  loader: ({ context: { queryClient } }) =>
    queryClient.query({ ...ordersQueryOptions(), staleTime: 'static' }),
  component: OrdersPage,
});
