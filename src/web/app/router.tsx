import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { ErrorState, NotFoundState, Pending } from '../shared/ui/states';
import { createQueryClient } from './queryClient';

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter() {
  let leaving = false;
  const queryClient = createQueryClient(() => {
    const { location } = router.state;
    if (leaving || location.pathname === '/sign-in') return;
    leaving = true;
    void router
      .navigate({ to: '/sign-in', search: { redirect: location.href }, replace: true })
      .finally(() => {
        leaving = false;
        queryClient.clear();
      });
  });

  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query owns freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: () => <Pending />,
    defaultErrorComponent: ErrorState,
    defaultNotFoundComponent: () => <NotFoundState />,
  });

  // After a navigation, put keyboard and screen-reader focus on the new page.
  router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
    if (!fromLocation || !pathChanged) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  });

  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
