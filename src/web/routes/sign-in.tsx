import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { SESSION_END_REASONS, type SessionEndReason } from '../../contract/consoleProtocol';
import { SSO_ERRORS, type SsoError } from '../../contract/ssoErrors';
import { SignInPage } from '../features/auth/components/SignInPage';
import { lenient, text } from '../shared/lib/searchParams';
import { StandaloneError } from '../shared/ui/states';

const SSO_ERROR_CODES = Object.keys(SSO_ERRORS) as [SsoError, ...SsoError[]];

const SESSION_END_CODES = Object.keys(SESSION_END_REASONS) as [
  SessionEndReason,
  ...SessionEndReason[],
];

const signInSearchSchema = v.object({
  /** Where to return after signing in; checked again by safeRedirect before use. */
  redirect: lenient(text(2000)),
  /** Why single sign-on sent the person back here. */
  sso: lenient(v.picklist(SSO_ERROR_CODES)),
  /** Why an admin ended the session this page was in. */
  ended: lenient(v.picklist(SESSION_END_CODES)),
});

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearchSchema,
  component: SignInRoute,
  errorComponent: StandaloneError,
});

function SignInRoute() {
  const { redirect, sso, ended } = Route.useSearch();
  return <SignInPage redirectTo={redirect} ssoError={sso} sessionEnded={ended} />;
}
