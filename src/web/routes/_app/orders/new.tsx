import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import {
  labAccountsQueryOptions,
  labTestsQueryOptions,
} from '../../../features/lab-tests/api/labTests';
import { OrderFormPage } from '../../../features/ordering/components/OrderFormPage';

export const Route = createFileRoute('/_app/orders/new')({
  staticData: { permission: 'orders.write', title: 'New order' },
  // A patient page links here with its patient chosen.
  validateSearch: z.object({ userId: z.uuid().optional() }),
  loader: async ({ context: { queryClient, forbidden } }) => {
    if (forbidden) return;
    await Promise.all([
      queryClient.query({ ...labAccountsQueryOptions, staleTime: 'static' }),
      queryClient.query({ ...labTestsQueryOptions, staleTime: 'static' }),
    ]);
  },
  component: NewOrderRoute,
});

function NewOrderRoute() {
  const { userId } = Route.useSearch();
  return <OrderFormPage initialUserId={userId} />;
}
