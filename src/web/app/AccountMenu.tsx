import {
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
} from 'react-aria-components';
import type { Role } from '../../contract';
import { describeRole } from '../shared/lib/permissions';
import { Button } from '../shared/ui/Button';

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
  return (
    <MenuTrigger>
      {/* Named by its text (kept for screen readers when a narrow screen hides it). */}
      <Button variant="quiet" className="account-button">
        <span className="account-button__avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <span className="account-button__who">
          <span className="account-button__name">{name}</span>
          <span className="account-button__role">{describeRole(role)}</span>
        </span>
      </Button>
      <Popover placement="bottom end" className="menu-popover">
        <Menu
          aria-label="Account"
          className="menu"
          onAction={(key) => {
            if (key === 'shortcuts') onShowShortcuts();
            if (key === 'sign-out') onSignOut();
          }}
          disabledKeys={signingOut ? ['sign-out'] : []}
        >
          <MenuSection className="menu__section">
            <Header className="menu__header">
              {name}
              <span className="menu__header-role">{describeRole(role)}</span>
            </Header>
            <MenuItem id="shortcuts" className="menu__item">
              Keyboard shortcuts
            </MenuItem>
          </MenuSection>
          <Separator className="menu__separator" />
          <MenuSection className="menu__section">
            <MenuItem id="sign-out" className="menu__item">
              {signingOut ? 'Signing out …' : 'Sign out'}
            </MenuItem>
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')
  ).toUpperCase();
}
