import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { SSO_ERRORS, type SsoError } from '../../../../contract/administration';
import { loginRequestSchema } from '../../../../contract/console';
import { SingleSignOn } from './SingleSignOn';
import { safeRedirect } from '../../../shared/lib/redirect';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { useSignIn } from '../api/session';

import { signInErrorMessage } from './signInErrors';

export { TOO_MANY_ATTEMPTS_MESSAGE } from './signInErrors';

export function SignInPage({
  redirectTo,
  ssoError,
}: {
  redirectTo: string | undefined;
  ssoError?: SsoError | undefined;
}) {
  usePageTitle('Sign in');
  const id = useId();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      await signIn.mutateAsync(credentials);
    } catch (error) {
      setError('root.server', { message: signInErrorMessage(error) });
      return;
    }
    await navigate({ href: safeRedirect(redirectTo), replace: true });
  });

  const emailError = errors.email ? 'Enter a valid email address.' : null;
  const passwordError = errors.password ? 'Enter your password.' : null;
  const serverError = errors.root?.server?.message ?? (ssoError ? SSO_ERRORS[ssoError] : null);

  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <p className="brand">Lab console</p>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="sign-in">
        <h1>Sign in</h1>
        <form className="card form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <div role="alert" className="form-alert">
            {serverError ? <p>{serverError}</p> : null}
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="username"
              inputMode="email"
              spellCheck={false}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              {...register('email')}
            />
            {emailError ? (
              <p id={`${id}-email-error`} className="field-error" role="alert">
                {emailError}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={`${id}-password`}>Password</label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? `${id}-password-error` : undefined}
              {...register('password')}
            />
            {passwordError ? (
              <p id={`${id}-password-error`} className="field-error" role="alert">
                {passwordError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={isSubmitting}>
            Sign in
          </button>
        </form>
        <SingleSignOn redirectTo={redirectTo} />
      </main>
    </>
  );
}
