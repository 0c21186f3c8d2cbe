import { createFileRoute } from '@tanstack/react-router';
import { ordersQueryOptions } from '../../../shared/api/orders';
import {
  PICKER_ORDERS_PAGE_SIZE,
  WearablesPage,
} from '../../../features/wearables/components/WearablesPage';

export const Route = createFileRoute('/_app/wearables/')({
  staticData: { permission: 'wearables.read', title: 'Wearables' },
  loader: async ({ context: { queryClient, forbidden } }) => {
    if (forbidden) return;
    await queryClient.query({
      ...ordersQueryOptions(1, PICKER_ORDERS_PAGE_SIZE),
      staleTime: 'static',
    });
  },
  component: WearablesPage,
});
