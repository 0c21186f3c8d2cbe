import type { ReactNode, RefObject } from 'react';
import {
  Header,
  Menu,
  MenuItem,
  MenuSection,
  Popover,
  Separator,
  type Selection,
} from 'react-aria-components';
import type { Role } from '../../contract';
import { describeRole } from '../shared/lib/permissions';
import { THEME_CHOICES, THEME_WORDS, type ThemeChoice } from '../shared/lib/theme';

/*
 * The header's menus, fetched the first time one is opened: React Aria's popover and menu
 * are most of the layout's script, and the first screen shows only their buttons.
 */

interface MenuPopoverProps {
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onClose: () => void;
}

/** Both menus open below their button's end and close the same way. */
function HeaderPopover({
  triggerRef,
  isOpen,
  onClose,
  children,
}: MenuPopoverProps & { children: ReactNode }) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      placement="bottom end"
      className="menu-popover"
    >
      {children}
    </Popover>
  );
}

export function ThemeMenuPopover({
  triggerRef,
  isOpen,
  onClose,
  theme,
  onChoose,
}: MenuPopoverProps & { theme: ThemeChoice; onChoose: (selection: Selection) => void }) {
  return (
    <HeaderPopover triggerRef={triggerRef} isOpen={isOpen} onClose={onClose}>
      <Menu
        aria-label="Theme"
        className="menu"
        autoFocus="first"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[theme]}
        onSelectionChange={onChoose}
        onClose={onClose}
      >
        {THEME_CHOICES.map((choice) => (
          <MenuItem key={choice} id={choice} className="menu__item">
            <span className="menu__check" aria-hidden="true">
              {choice === theme ? '✓' : ''}
            </span>
            {THEME_WORDS[choice]}
          </MenuItem>
        ))}
      </Menu>
    </HeaderPopover>
  );
}

export function AccountMenuPopover({
  triggerRef,
  isOpen,
  onClose,
  name,
  role,
  signingOut,
  onShowShortcuts,
  onSignOut,
}: MenuPopoverProps & {
  name: string;
  role: Role;
  signingOut: boolean;
  onShowShortcuts: () => void;
  onSignOut: () => void;
}) {
  return (
    <HeaderPopover triggerRef={triggerRef} isOpen={isOpen} onClose={onClose}>
      <Menu
        aria-label="Account"
        className="menu"
        autoFocus="first"
        onAction={(key) => {
          if (key === 'shortcuts') onShowShortcuts();
          if (key === 'sign-out') onSignOut();
        }}
        onClose={onClose}
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
    </HeaderPopover>
  );
}
