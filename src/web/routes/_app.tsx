import {
  createFileRoute,
  Outlet,
  redirect,
  type StaticDataRouteOption,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { AppShell } from '../app/AppShell';
import { sessionQueryOptions } from '../shared/api/session';
import type { Role } from '../../contract/consoleProtocol';
import { isUnauthorized } from '../shared/api/client';
import { forbiddenPage } from '../shared/lib/pageAccess';
import { NotForYourRole } from '../shared/ui/NotForYourRole';
import { NotFoundState, Pending, Standalone, StandaloneError } from '../shared/ui/states';

/*
 * What the layout adds beside the page (live updates, the inbox count, signing in again) is
 * fetched after the first paint: each parses Lab API or console answers with zod and the
 * dialog brings React Aria's overlays, none of which the first screen draws.
 */
const LiveUpdates = lazy(async () => {
  // The staleness declarations import the features' API modules, and so their schemas.
  const [{ LiveUpdates: Live }, { LIVE_STALENESS }] = await Promise.all([
    import('../app/live/components/LiveUpdates'),
    import('../liveStaleness'),
  ]);
  return {
    default: ({ role }: { role: Role }) => <Live role={role} staleness={LIVE_STALENESS} />,
  };
});
const InboxCountBadge = lazy(() =>
  import('../features/results/components/InboxCountBadge').then((m) => ({
    default: m.InboxCountBadge,
  })),
);
const SignInAgainDialog = lazy(() =>
  import('../features/auth/components/SignInAgainDialog').then((m) => ({
    default: m.SignInAgainDialog,
  })),
);

/** Typed by hand: the matches' own inferred type refers back to this route's context. */
interface PageMatches {
  matches: readonly { staticData: StaticDataRouteOption }[];
}

/** Every page behind sign-in: no session, no page (and back here after signing in). */
export const Route = createFileRoute('/_app')({
  beforeLoad: async (options) => {
    const {
      context: { queryClient },
      location,
    } = options;
    const { matches } = options as unknown as PageMatches;
    try {
      const session = await queryClient.query({ ...sessionQueryOptions, staleTime: 'static' });
      // Pages declare the permission they need; their loaders skip the calls the BFF would refuse.
      return { session, forbidden: forbiddenPage(session.account.role, matches) };
    } catch (error) {
      if (isUnauthorized(error)) {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's control flow
        throw redirect({ to: '/sign-in', search: { redirect: location.href } });
      }
      throw error;
    }
  },
  component: AppLayout,
  pendingComponent: AppPending,
  errorComponent: StandaloneError,
  notFoundComponent: () => <NotFoundState />,
});

/** The results inbox's link carries its count. */
const NAV_BADGES = {
  '/results': (
    <Suspense fallback={null}>
      <InboxCountBadge />
    </Suspense>
  ),
};

function AppLayout() {
  const { session, forbidden } = Route.useRouteContext();
  return (
    <>
      <AppShell
        navBadges={NAV_BADGES}
        live={
          <Suspense fallback={null}>
            <LiveUpdates role={session.account.role} />
          </Suspense>
        }
      >
        {forbidden ? <NotForYourRole page={forbidden} role={session.account.role} /> : <Outlet />}
      </AppShell>
      <Suspense fallback={null}>
        <SignInAgainDialog />
      </Suspense>
    </>
  );
}

function AppPending() {
  return (
    <Standalone>
      <Pending />
    </Standalone>
  );
}
