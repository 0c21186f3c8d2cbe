import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useForm } from 'react-hook-form';
import {
  loginRequestSchema,
  type LoginRequest,
  type SessionResponse,
} from '../../../../contract/console';
import { registerSessionRenewer, type SessionRenewal } from '../../../shared/api/client';
import { sessionQueryKey, signIn } from '../api/session';
import { signInErrorMessage } from './signInErrors';
import './SignInAgainDialog.css';

/**
 * Signing in again in place when the session ends mid-task: the page, and whatever was
 * typed into it, stays in memory underneath (never in browser storage), and the request
 * that met the end of the session is sent again once the same account is back. Another
 * account signing in discards the page: what was typed belonged to the first one.
 */
export function SignInAgainDialog() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const id = useId();
  const [pending, setPending] = useState<((renewal: SessionRenewal) => void) | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    registerSessionRenewer(
      () =>
        new Promise<SessionRenewal>((resolve) => {
          const previous = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
          reset({ email: previous?.account.email ?? '', password: '' });
          setPending(() => resolve);
        }),
    );
    return () => registerSessionRenewer(null);
  }, [queryClient, reset]);

  const finish = (renewal: SessionRenewal) => {
    pending?.(renewal);
    setPending(null);
  };

  const onSubmit = handleSubmit(async (credentials) => {
    const previous = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
    let session: SessionResponse;
    try {
      session = await signIn(credentials);
    } catch (error) {
      setError('root.server', { message: signInErrorMessage(error) });
      return;
    }
    if (previous && previous.account.id === session.account.id) {
      queryClient.setQueryData(sessionQueryKey, session);
      finish('renewed');
      // Reads that failed while the session was gone can now succeed.
      void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
      return;
    }
    finish('other-account');
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, session);
    await router.navigate({ to: '/orders', replace: true, ignoreBlocker: true });
    await router.invalidate();
  });

  const emailError = errors.email ? 'Enter a valid email address.' : null;
  const passwordError = errors.password ? 'Enter your password.' : null;
  const serverError = errors.root?.server?.message;

  return (
    <ModalOverlay
      className="sign-in-again__overlay"
      isOpen={pending !== null}
      isDismissable={false}
      onOpenChange={(open) => {
        // Escape: not now. The page stays as it is; its next request asks again.
        if (!open) finish('declined');
      }}
    >
      <Modal className="sign-in-again">
        <Dialog className="sign-in-again__dialog" role="alertdialog">
          <Heading slot="title">Sign in again</Heading>
          <p>
            Your session has ended. Sign in to carry on: what you entered is kept and sent once you
            are signed in. Signing in as another account discards it.
          </p>
          <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
            <div role="alert" className="form-alert">
              {serverError ? <p>{serverError}</p> : null}
            </div>
            <div className="field">
              <label htmlFor={`${id}-email`}>Email</label>
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="username"
                spellCheck={false}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${id}-email-error` : undefined}
                {...register('email')}
              />
              {emailError ? (
                <p id={`${id}-email-error`} className="field-error">
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
                // The e-mail is filled in already: the password is what is missing.
                autoFocus
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={passwordError ? `${id}-password-error` : undefined}
                {...register('password')}
              />
              {passwordError ? (
                <p id={`${id}-password-error`} className="field-error">
                  {passwordError}
                </p>
              ) : null}
            </div>
            <p className="dialog__actions">
              <button type="submit" className="button" disabled={isSubmitting}>
                {isSubmitting ? 'Signing in …' : 'Sign in and continue'}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => finish('declined')}
              >
                Not now
              </button>
            </p>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
