import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { describeError, isUnauthorized } from '../api/client';
import { usePageTitle } from './usePageTitle';
import './states.css';

/**
 * Shown while a page's data loads: what is loading in words (also for screen readers),
 * over grey bars shaped like text so the page does not jump when it arrives.
 */
export function Pending({ label = 'Loading …', lines = 3 }: { label?: string; lines?: number }) {
  return (
    <div role="status" className="pending">
      <p className="pending__label">{label}</p>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}

/** Nothing to show, said plainly, with the next step when there is one. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty empty-state">
      <p className="empty-state__title">{title}</p>
      {children}
    </div>
  );
}

/** The page's own landmark, for states rendered outside the app shell. */
export function Standalone({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="standalone">
      {children}
    </main>
  );
}

/**
 * A route that failed to load. "Try again" clears the failed queries and runs the
 * loaders again. A 401 needs no message: the global rule is already taking the user
 * to the sign-in page.
 */
export function ErrorState({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  usePageTitle('Something went wrong');

  if (isUnauthorized(error)) return <Pending label="Your session has ended. Opening sign-in …" />;

  return (
    <div className="state state--error">
      <h1>Something went wrong</h1>
      <p role="alert" className="form-alert">
        {describeError(error)}
      </p>
      {/* A native button: these states are on the first screen, kept light. */}
      <button
        type="button"
        className="button"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </button>
    </div>
  );
}

export function StandaloneError(props: ErrorComponentProps) {
  return (
    <Standalone>
      <ErrorState {...props} />
    </Standalone>
  );
}

interface NotFoundProps {
  title?: string;
  children?: ReactNode;
}

/** A page or record that does not exist; always offers a way back to the orders. */
export function NotFoundState({ title = 'Page not found', children }: NotFoundProps) {
  usePageTitle(title);
  return (
    <div className="state">
      <h1>{title}</h1>
      {children ?? <p>There is nothing at this address.</p>}
      <p>
        <Link to="/orders">Back to orders</Link>
      </p>
    </div>
  );
}

export function StandaloneNotFound() {
  return (
    <Standalone>
      <NotFoundState />
    </Standalone>
  );
}
