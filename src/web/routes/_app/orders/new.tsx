import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { labAccountsQueryOptions, labTestsQueryOptions } from '../../../shared/api/catalogue';
import { OrderFormPage } from '../../../features/order-forms/components/OrderFormPage';

export const Route = createFileRoute('/_app/orders/new')({
  staticData: { permission: 'orders.write', title: 'New order' },
  // A patient page links here with its patient chosen.
  validateSearch: v.object({ userId: v.optional(v.pipe(v.string(), v.uuid())) }),
  loader: ({ context: { queryClient, forbidden } }) => {
    if (forbidden) return;
    /* Started, not awaited: the patient comes first on the form and needs neither list, so
       the form draws at once and only the order set waits for them (it shows their error). */
    void queryClient.query({ ...labAccountsQueryOptions, staleTime: 'static' }).catch(() => null);
    void queryClient.query({ ...labTestsQueryOptions, staleTime: 'static' }).catch(() => null);
  },
  component: NewOrderRoute,
});

function NewOrderRoute() {
  const { userId } = Route.useSearch();
  return <OrderFormPage initialUserId={userId} />;
}
