import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isUnauthorized } from '../shared/api/client';

interface ConsoleMeta extends Record<string, unknown> {
  /** The caller deals with a 401 itself (sign-in, the session check). */
  handlesUnauthorized?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ConsoleMeta;
    mutationMeta: ConsoleMeta;
  }
}

/**
 * The one QueryClient of the app. Any query or mutation that fails with 401 means
 * the session ended: `onUnauthorized` takes the user to sign-in (and back after).
 */
export function createQueryClient(onUnauthorized: () => void): QueryClient {
  const check = (error: unknown, meta: ConsoleMeta | undefined) => {
    if (isUnauthorized(error) && !meta?.handlesUnauthorized) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => check(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => check(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; a 5xx or a network error may.
        retry: (failureCount, error) =>
          isApiError(error) && error.status < 500 ? false : failureCount < 1,
      },
    },
  });
}
