import { createFileRoute } from '@tanstack/react-router';
import { labAccountsQueryOptions, labTestsQueryOptions } from '../../../shared/api/catalogue';
import { ImportOrderPage } from '../../../features/order-forms/components/ImportOrderPage';

export const Route = createFileRoute('/_app/orders/import')({
  staticData: { permission: 'orders.write', title: 'Import an order' },
  loader: async ({ context: { queryClient, forbidden } }) => {
    if (forbidden) return;
    await Promise.all([
      queryClient.query({ ...labAccountsQueryOptions, staleTime: 'static' }),
      queryClient.query({ ...labTestsQueryOptions, staleTime: 'static' }),
    ]);
  },
  component: ImportOrderPage,
});
