import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SSO_ERRORS, type SsoError } from '../../contract/administration';
import { SignInPage } from '../features/auth/components/SignInPage';
import { StandaloneError } from '../shared/ui/states';

const SSO_ERROR_CODES = Object.keys(SSO_ERRORS) as [SsoError, ...SsoError[]];

const signInSearchSchema = z.object({
  /** Where to return after signing in; checked again by safeRedirect before use. */
  redirect: z.string().max(2000).optional().catch(undefined),
  /** Why single sign-on sent the person back here. */
  sso: z.enum(SSO_ERROR_CODES).optional().catch(undefined),
});

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearchSchema,
  component: SignInRoute,
  errorComponent: StandaloneError,
});

function SignInRoute() {
  const { redirect, sso } = Route.useSearch();
  return <SignInPage redirectTo={redirect} ssoError={sso} />;
}
