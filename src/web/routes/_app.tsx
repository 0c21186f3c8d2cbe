import {
  createFileRoute,
  Outlet,
  redirect,
  type StaticDataRouteOption,
} from '@tanstack/react-router';
import { AppShell } from '../app/AppShell';
import { sessionQueryOptions } from '../shared/api/session';
import { LiveUpdates } from '../app/live/components/LiveUpdates';
import { SignInAgainDialog } from '../features/auth/components/SignInAgainDialog';
import { InboxCountBadge } from '../features/results/components/InboxCountBadge';
import { LIVE_STALENESS } from '../liveStaleness';
import { isUnauthorized } from '../shared/api/client';
import { forbiddenPage } from '../shared/lib/pageAccess';
import { NotForYourRole } from '../shared/ui/NotForYourRole';
import { NotFoundState, Pending, Standalone, StandaloneError } from '../shared/ui/states';

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
const NAV_BADGES = { '/results': <InboxCountBadge /> };

function AppLayout() {
  const { session, forbidden } = Route.useRouteContext();
  return (
    <>
      <AppShell
        navBadges={NAV_BADGES}
        live={<LiveUpdates role={session.account.role} staleness={LIVE_STALENESS} />}
      >
        {forbidden ? <NotForYourRole page={forbidden} role={session.account.role} /> : <Outlet />}
      </AppShell>
      <SignInAgainDialog />
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
