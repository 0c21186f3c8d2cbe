import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { LoginRequest, SessionEndReason, SessionResponse } from '../../../../contract/console';
import {
  registerSessionEndedHandler,
  registerSessionRenewer,
  type SessionRenewal,
} from '../../../shared/api/client';
import { sessionQueryKey, signIn } from '../../../shared/api/session';
import { SignInForm } from './SignInForm';
import { signInErrorMessage } from './signInErrors';
import './SignInAgainDialog.css';

interface Renewal {
  resolve: (renewal: SessionRenewal) => void;
  /** The account whose session ended, filled in for them. */
  email: string;
  /** Each time the session ends the form starts afresh. */
  attempt: number;
}

/**
 * Signing in again in place when the session ends mid-task: the page, and whatever was
 * typed into it, stays in memory underneath (never in browser storage), and the request
 * that met the end of the session is sent again once the same account is back. Another
 * account signing in discards the page: what was typed belonged to the first one.
 */
export function SignInAgainDialog() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [pending, setPending] = useState<Renewal | null>(null);

  useEffect(() => {
    registerSessionRenewer(
      () =>
        new Promise<SessionRenewal>((resolve) => {
          const previous = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
          setPending((was) => ({
            resolve,
            email: previous?.account.email ?? '',
            attempt: (was?.attempt ?? 0) + 1,
          }));
        }),
    );
    return () => registerSessionRenewer(null);
  }, [queryClient]);

  // An admin ended the session: no signing in again in place. Every patient's data leaves
  // the page at once, before the sign-in page says why.
  useEffect(() => {
    let leaving = false;
    registerSessionEndedHandler((code) => {
      // The sign-in page's search drops a code it does not know: the generic page is left.
      queryClient.clear();
      setPending((was) => {
        was?.resolve('declined');
        return null;
      });
      if (leaving) return;
      leaving = true;
      void router
        .navigate({
          to: '/sign-in',
          search: { ended: code as SessionEndReason },
          replace: true,
          ignoreBlocker: true,
        })
        .finally(() => {
          leaving = false;
          queryClient.clear();
        });
    });
    return () => registerSessionEndedHandler(null);
  }, [queryClient, router]);

  const finish = (renewal: SessionRenewal) => {
    pending?.resolve(renewal);
    setPending(null);
  };

  const onSignIn = async (credentials: LoginRequest) => {
    const previous = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
    let session: SessionResponse;
    try {
      session = await signIn(credentials);
    } catch (error) {
      return signInErrorMessage(error);
    }
    if (previous && previous.account.id === session.account.id) {
      queryClient.setQueryData(sessionQueryKey, session);
      finish('renewed');
      // Reads that failed while the session was gone can now succeed.
      void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
      return undefined;
    }
    finish('other-account');
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, session);
    await router.navigate({ to: '/orders', replace: true, ignoreBlocker: true });
    await router.invalidate();
    return undefined;
  };

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
          {pending ? (
            <SignInForm
              key={pending.attempt}
              className="form"
              defaultEmail={pending.email}
              onSignIn={onSignIn}
              actions={(signingIn) => (
                <p className="dialog__actions">
                  <button type="submit" className="button" disabled={signingIn}>
                    {signingIn ? 'Signing in …' : 'Sign in and continue'}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => finish('declined')}
                  >
                    Not now
                  </button>
                </p>
              )}
            />
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
