import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { SSO_ERRORS, type SsoError } from '../../contract/ssoErrors';
import { SignInPage } from '../features/auth/components/SignInPage';
import { lenient, text } from '../shared/lib/searchParams';
import { StandaloneError } from '../shared/ui/states';

const SSO_ERROR_CODES = Object.keys(SSO_ERRORS) as [SsoError, ...SsoError[]];

const signInSearchSchema = v.object({
  /** Where to return after signing in; checked again by safeRedirect before use. */
  redirect: lenient(text(2000)),
  /** Why single sign-on sent the person back here. */
  sso: lenient(v.picklist(SSO_ERROR_CODES)),
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
