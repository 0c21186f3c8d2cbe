import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SignInPage } from '../features/auth/components/SignInPage';
import { StandaloneError } from '../shared/ui/states';

const signInSearchSchema = z.object({
  /** Where to return after signing in; checked again by safeRedirect before use. */
  redirect: z.string().max(2000).optional().catch(undefined),
});

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearchSchema,
  component: SignInRoute,
  errorComponent: StandaloneError,
});

function SignInRoute() {
  const { redirect } = Route.useSearch();
  return <SignInPage redirectTo={redirect} />;
}
