import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SESSION_PATH,
  sessionResponseSchema,
  type LoginRequest,
  type SessionResponse,
} from '../../../../contract/console';
import { apiGet, apiRequest, setSessionClosing } from '../../../shared/api/client';

export const sessionQueryKey = ['session'] as const;

/**
 * Who is signed in. A 401 here is the ordinary "nobody is": the `_app` route turns it
 * into a redirect itself, so the global 401 rule leaves this query alone.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => apiGet(SESSION_PATH, sessionResponseSchema, signal),
  staleTime: 60_000,
  retry: false,
  meta: { handlesUnauthorized: true },
});

export async function signIn(credentials: LoginRequest): Promise<SessionResponse> {
  setSessionClosing(false);
  return sessionResponseSchema.parse(
    await apiRequest(SESSION_PATH, { method: 'POST', body: credentials }),
  );
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    meta: { handlesUnauthorized: true },
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}

export function useSignOut() {
  return useMutation({
    mutationFn: () => {
      // Requests still under way meet a closed session: that is no reason to ask to sign in.
      setSessionClosing(true);
      return apiRequest(SESSION_PATH, { method: 'DELETE' });
    },
    meta: { handlesUnauthorized: true },
  });
}
