import { createFileRoute } from '@tanstack/react-router';
import { accountsQueryOptions } from '../../../features/admin-accounts/api/accounts';
import { AccountsPage } from '../../../features/admin-accounts/components/AccountsPage';

export const Route = createFileRoute('/_app/admin/accounts')({
  staticData: { permission: 'administration', title: 'Accounts' },
  loader: async ({ context: { queryClient, forbidden } }) => {
    if (forbidden) return;
    await queryClient.query({ ...accountsQueryOptions, staleTime: 'static' });
  },
  component: AccountsPage,
});
