import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { sessionQueryOptions, useSignOut } from '../shared/api/session';
import { environmentBadge } from '../shared/lib/environment';
import { ToastRegion } from '../shared/ui/ToastRegion';
import { AccountMenu } from './AccountMenu';
import { modifierLabel, type ShortcutCommand } from './keyboard/shortcuts';
import { useShortcuts } from './keyboard/useShortcuts';
import { navItemsFor, navSectionsFor, type NavItem } from './navigation';
import { NavGroupMenu } from './NavGroupMenu';
import { ThemeMenu } from './ThemeMenu';
import './shell.css';

// Loaded on first use: most visits never open them, and the shell stays small.
const CommandPalette = lazy(() =>
  import('./keyboard/CommandPalette').then((m) => ({ default: m.CommandPalette })),
);
const ShortcutsHelp = lazy(() =>
  import('./keyboard/ShortcutsHelp').then((m) => ({ default: m.ShortcutsHelp })),
);

type Overlay = 'palette' | 'help' | null;

/** What a navigation link shows beside its label (the results inbox's count), by its path. */
export type NavBadges = Partial<Record<NavItem['to'] & string, ReactNode>>;

function NavLink({
  item,
  badges,
  onNavigate,
}: {
  item: NavItem;
  badges: NavBadges;
  onNavigate: () => void;
}) {
  return (
    <Link to={item.to} activeOptions={{ exact: true }} onClick={onNavigate}>
      {item.label}
      {item.to ? badges[item.to] : null}
    </Link>
  );
}

/**
 * The signed-in layout: header with the account, the role's navigation, the page. What
 * comes from features (a link's badge, the live updates) is handed in by the route file
 * `routes/_app.tsx`, so the shell imports no feature.
 */
export function AppShell({
  children,
  navBadges,
  live,
}: {
  children: ReactNode;
  navBadges: NavBadges;
  live: ReactNode;
}) {
  const { data: session } = useSuspenseQuery(sessionQueryOptions);
  const { account } = session;
  const environment = environmentBadge(session.upstream);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const navId = useId();
  const [navOpen, setNavOpen] = useState(false);
  const [overlay, setOverlay] = useState<Overlay>(null);
  const navItems = navItemsFor(account.role);

  const onSignOut = () => {
    signOut.mutate(undefined, {
      // Signed out or not, leave the signed-in pages first, then forget their data.
      onSettled: () => {
        void navigate({ to: '/sign-in', replace: true }).then(() => queryClient.clear());
      },
    });
  };

  useShortcuts((command: ShortcutCommand) => {
    switch (command.kind) {
      case 'palette':
        setOverlay((open) => (open === 'palette' ? null : 'palette'));
        return true;
      case 'help':
        setOverlay('help');
        return true;
      case 'search': {
        const search = document.querySelector<HTMLElement>(
          'main [role="search"] input, main input[type="search"]',
        );
        if (search) search.focus();
        else setOverlay('palette');
        return true;
      }
      case 'go': {
        const item = navItems.find((candidate) => candidate.shortcut === command.key);
        if (!item) return false;
        void navigate({ to: item.to });
        return true;
      }
    }
  });

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
          <nav aria-label="Main" className="main-nav" data-open={navOpen || undefined}>
            {/* On a narrow screen the links fold behind this button (a disclosure). */}
            <button
              type="button"
              className="main-nav__toggle"
              aria-expanded={navOpen}
              aria-controls={navId}
              onClick={() => setNavOpen((open) => !open)}
            >
              <span aria-hidden="true">☰</span> Menu
            </button>
            <ul
              id={navId}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && navOpen) setNavOpen(false);
              }}
            >
              {navSectionsFor(account.role).map((section) =>
                section.group === null ? (
                  section.items.map((item) => (
                    <li key={item.label}>
                      <NavLink
                        item={item}
                        badges={navBadges}
                        onNavigate={() => setNavOpen(false)}
                      />
                    </li>
                  ))
                ) : (
                  <NavGroupMenu
                    key={section.group}
                    group={section.group}
                    id={`${navId}-${section.group}`}
                    paths={section.items.map((item) => String(item.to))}
                  >
                    {(closeGroup) =>
                      section.items.map((item) => (
                        <li key={item.label}>
                          <NavLink
                            badges={navBadges}
                            item={item}
                            onNavigate={() => {
                              closeGroup();
                              setNavOpen(false);
                            }}
                          />
                        </li>
                      ))
                    }
                  </NavGroupMenu>
                ),
              )}
            </ul>
          </nav>
          {live}
          <div className="header-tools">
            <button
              type="button"
              className="palette-button"
              onClick={() => setOverlay('palette')}
              aria-keyshortcuts="Control+K Meta+K"
            >
              <span aria-hidden="true">⌕</span>
              <span className="palette-button__text">Go to …</span>
              <span className="visually-hidden"> a screen, order or patient</span>
              <kbd aria-hidden="true">{modifierLabel()} K</kbd>
            </button>
            <ThemeMenu />
            <AccountMenu
              name={account.name}
              role={account.role}
              signingOut={signOut.isPending}
              onShowShortcuts={() => setOverlay('help')}
              onSignOut={onSignOut}
            />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="page">
        {children}
      </main>
      <ToastRegion />
      <Suspense fallback={null}>
        {overlay === 'palette' ? (
          <CommandPalette
            role={account.role}
            onClose={() => setOverlay(null)}
            onShowHelp={() => setOverlay('help')}
          />
        ) : null}
        {overlay === 'help' ? (
          <ShortcutsHelp role={account.role} onClose={() => setOverlay(null)} />
        ) : null}
      </Suspense>
    </div>
  );
}
