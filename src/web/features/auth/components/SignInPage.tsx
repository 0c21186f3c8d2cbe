import { useNavigate } from '@tanstack/react-router';
import { SSO_ERRORS, type SsoError } from '../../../../contract/administration';
import { SESSION_END_REASONS, type SessionEndReason } from '../../../../contract/console';
import { safeRedirect } from '../../../shared/lib/redirect';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { useSignIn } from '../../../shared/api/session';
import { SignInForm } from './SignInForm';
import { signInErrorMessage } from './signInErrors';
import { SingleSignOn } from './SingleSignOn';

export { TOO_MANY_ATTEMPTS_MESSAGE } from './signInErrors';

export function SignInPage({
  redirectTo,
  ssoError,
  sessionEnded,
}: {
  redirectTo: string | undefined;
  ssoError?: SsoError | undefined;
  /** An admin ended the session the person was in: say why. */
  sessionEnded?: SessionEndReason | undefined;
}) {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const signIn = useSignIn();

  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <p className="brand">Lab console</p>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="sign-in">
        <h1>Sign in</h1>
        <SignInForm
          className="card form"
          notice={
            ssoError
              ? SSO_ERRORS[ssoError]
              : sessionEnded
                ? SESSION_END_REASONS[sessionEnded]
                : null
          }
          onSignIn={async (credentials) => {
            try {
              await signIn.mutateAsync(credentials);
            } catch (error) {
              return signInErrorMessage(error);
            }
            await navigate({ href: safeRedirect(redirectTo), replace: true });
            return undefined;
          }}
          actions={(signingIn) => (
            <button type="submit" className="button" disabled={signingIn}>
              Sign in
            </button>
          )}
        />
        <SingleSignOn redirectTo={redirectTo} />
      </main>
    </>
  );
}
