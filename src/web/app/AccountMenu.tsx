import { lazy, Suspense, useRef, useState } from 'react';
import type { Role } from '../../contract';
import { describeRole } from '../shared/lib/permissions';
import { Button } from '../shared/ui/Button';

const AccountMenuPopover = lazy(() =>
  import('./HeaderMenus').then((m) => ({ default: m.AccountMenuPopover })),
);

/** Who is signed in, with the shortcuts and signing out behind it. */
export function AccountMenu({
  name,
  role,
  signingOut,
  onShowShortcuts,
  onSignOut,
}: {
  name: string;
  role: Role;
  signingOut: boolean;
  onShowShortcuts: () => void;
  onSignOut: () => void;
}) {
  const [open, setOpen] = useState(false);
  // The menu's code is fetched on the first opening and kept mounted after it.
  const [opened, setOpened] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* Named by its text (kept for screen readers when a narrow screen hides it). */}
      <Button
        ref={triggerRef}
        variant="quiet"
        className="account-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onPress={() => {
          setOpened(true);
          setOpen((was) => !was);
        }}
      >
        <span className="account-button__avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <span className="account-button__who">
          <span className="account-button__name">{name}</span>
          <span className="account-button__role">{describeRole(role)}</span>
        </span>
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <AccountMenuPopover
            triggerRef={triggerRef}
            isOpen={open}
            onClose={() => setOpen(false)}
            name={name}
            role={role}
            signingOut={signingOut}
            onShowShortcuts={onShowShortcuts}
            onSignOut={onSignOut}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')
  ).toUpperCase();
}
