import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, SessionResponse } from '../../../contract/console';
import { SESSION_PATH } from '../../../contract/consoleProtocol';
import { apiRequest, setSessionClosing } from './client';

export const sessionQueryKey = ['session'] as const;

/**
 * Sends a session request and reads its answer with the contract's schema. The schema
 * (and zod with it) is fetched beside the request rather than with the console's first
 * script: every page asks for the session first, and this keeps zod off that path.
 */
async function sessionRequest(init: Parameters<typeof apiRequest>[1]): Promise<SessionResponse> {
  const [answer, { sessionResponseSchema }] = await Promise.all([
    apiRequest(SESSION_PATH, init),
    import('../../../contract/console'),
  ]);
  return sessionResponseSchema.parse(answer);
}

/**
 * Who is signed in. A 401 here is the ordinary "nobody is": the `_app` route turns it
 * into a redirect itself, so the global 401 rule leaves this query alone.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => sessionRequest({ signal }),
  staleTime: 60_000,
  retry: false,
  meta: { handlesUnauthorized: true },
});

export async function signIn(credentials: LoginRequest): Promise<SessionResponse> {
  setSessionClosing(false);
  return sessionRequest({ method: 'POST', body: credentials });
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
