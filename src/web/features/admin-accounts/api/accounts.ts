import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_ACCOUNTS_PATH,
  adminAccountSchema,
  adminAccountsResponseSchema,
  invitationLinkSchema,
  type AccountChange,
  type NewAccount,
} from '../../../../contract/administration';
import { apiGet, apiRequest } from '../../../shared/api/client';

export const accountsQueryOptions = queryOptions({
  queryKey: ['admin', 'accounts'],
  queryFn: ({ signal }) => apiGet(ADMIN_ACCOUNTS_PATH, adminAccountsResponseSchema, signal),
});

/** Every change refreshes the list: sessions and statuses move together. */
function useAccountMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryOptions.queryKey }),
  });
}

export const useInviteAccount = () =>
  useAccountMutation(async (account: NewAccount) =>
    invitationLinkSchema.parse(
      await apiRequest(ADMIN_ACCOUNTS_PATH, { method: 'POST', body: account }),
    ),
  );

export const useChangeAccount = () =>
  useAccountMutation(async ({ id, change }: { id: string; change: AccountChange }) =>
    adminAccountSchema.parse(
      await apiRequest(`${ADMIN_ACCOUNTS_PATH}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: change,
      }),
    ),
  );

export const useNewPasswordLink = () =>
  useAccountMutation(async (id: string) =>
    invitationLinkSchema.parse(
      await apiRequest(`${ADMIN_ACCOUNTS_PATH}/${encodeURIComponent(id)}/password-link`, {
        method: 'POST',
      }),
    ),
  );

export const useEndSessions = () =>
  useAccountMutation((id: string) =>
    apiRequest(`${ADMIN_ACCOUNTS_PATH}/${encodeURIComponent(id)}/sessions`, { method: 'DELETE' }),
  );
