import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { sessionQueryOptions, useSignOut } from '../features/auth/api/session';
import { LiveUpdates } from '../features/live/components/LiveUpdates';
import { environmentBadge } from '../shared/lib/environment';
import { describeRole } from '../shared/lib/permissions';
import { navItemsFor } from './navigation';

/** The signed-in layout: header with the account, the role's navigation, the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const { data: session } = useSuspenseQuery(sessionQueryOptions);
  const { account } = session;
  const environment = environmentBadge(session.upstream);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();

  const onSignOut = () => {
    signOut.mutate(undefined, {
      // Signed out or not, leave the signed-in pages first, then forget their data.
      onSettled: () => {
        void navigate({ to: '/sign-in', replace: true }).then(() => queryClient.clear());
      },
    });
  };

  return (
    <div className="shell">
      <header className="site-header">
        <div className="site-header__inner">
          <Link to="/orders" className="brand">
            Lab console
          </Link>
          <p
            className={`environment ${environment.testData ? 'environment--test' : 'environment--real'}`}
            title={environment.description}
          >
            <span className="visually-hidden">{environment.description}</span>
            <span aria-hidden="true">{environment.label}</span>
          </p>
          <nav aria-label="Main" className="main-nav">
            <ul>
              {navItemsFor(account.role).map((item) => (
                <li key={item.label}>
                  <Link to={item.to} activeOptions={{ exact: true }}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <LiveUpdates />
          <div className="account">
            <p className="account__who">
              <span className="account__name">{account.name}</span>{' '}
              <span className="account__role">{describeRole(account.role)}</span>
            </p>
            <button
              type="button"
              className="button button--quiet"
              onClick={onSignOut}
              disabled={signOut.isPending}
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="page">
        {children}
      </main>
    </div>
  );
}
