import { createFileRoute } from '@tanstack/react-router';
import { labTestsQueryOptions } from '../../../shared/api/catalogue';
import { NewKitPage } from '../../../features/order-forms/components/NewKitPage';

export const Route = createFileRoute('/_app/orders/new-kit')({
  staticData: { permission: 'orders.write', title: 'New test kit' },
  loader: async ({ context: { queryClient, forbidden } }) => {
    if (forbidden) return;
    await queryClient.query({ ...labTestsQueryOptions, staleTime: 'static' });
  },
  component: NewKitPage,
});
