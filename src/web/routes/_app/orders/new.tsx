import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import {
  labAccountsQueryOptions,
  labTestsQueryOptions,
} from '../../../features/lab-tests/api/labTests';
import { NewOrderPage } from '../../../features/lab-tests/components/NewOrderPage';
import { canCreateOrders } from '../../../shared/lib/permissions';

export const Route = createFileRoute('/_app/orders/new')({
  // A patient page links here with its patient chosen.
  validateSearch: z.object({ userId: z.uuid().optional() }),
  loader: async ({ context: { queryClient, session } }) => {
    // Other roles see a short explanation; the BFF would refuse their calls anyway.
    if (!canCreateOrders(session.account.role)) return;
    await Promise.all([
      queryClient.query({ ...labAccountsQueryOptions, staleTime: 'static' }),
      queryClient.query({ ...labTestsQueryOptions, staleTime: 'static' }),
    ]);
  },
  component: NewOrderRoute,
});

function NewOrderRoute() {
  const { session } = Route.useRouteContext();
  const { userId } = Route.useSearch();
  return <NewOrderPage role={session.account.role} userId={userId} />;
}
