import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '../app/AppShell';
import { sessionQueryOptions } from '../features/auth/api/session';
import { isUnauthorized } from '../shared/api/client';
import { NotFoundState, Pending, Standalone, StandaloneError } from '../shared/ui/states';

/** Every page behind sign-in: no session, no page (and back here after signing in). */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context: { queryClient }, location }) => {
    try {
      const session = await queryClient.query({ ...sessionQueryOptions, staleTime: 'static' });
      return { session };
    } catch (error) {
      if (isUnauthorized(error)) {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's control flow
        throw redirect({ to: '/sign-in', search: { redirect: location.href } });
      }
      throw error;
    }
  },
  component: AppShell,
  pendingComponent: AppPending,
  errorComponent: StandaloneError,
  notFoundComponent: () => <NotFoundState />,
});

function AppPending() {
  return (
    <Standalone>
      <Pending />
    </Standalone>
  );
}
