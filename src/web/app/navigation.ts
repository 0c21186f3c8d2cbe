import type { LinkProps } from '@tanstack/react-router';
import { ROLES, type Role } from '../../contract/console';
import { ORDERING_ROLES } from '../shared/lib/permissions';

export interface NavItem {
  label: string;
  to: LinkProps['to'];
  roles: readonly Role[];
}

/** The main navigation: one list, each link shown to the roles that can use it. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Orders', to: '/orders', roles: ROLES },
  { label: 'New order', to: '/orders/new', roles: ORDERING_ROLES },
  { label: 'Test kits', to: '/orders/new-kit', roles: ORDERING_ROLES },
  { label: 'Patients', to: '/patients', roles: ['coordinator', 'clinician', 'admin'] },
];

export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => item.roles.includes(role));
}
