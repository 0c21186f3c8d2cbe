import type { LinkProps } from '@tanstack/react-router';
import { ROLES, rolesWith, type Role } from '../../contract';
import { REVIEW_QUEUE_ROLES } from '../features/review/lib/permissions';
import { ORDERING_ROLES, PATIENT_ROLES, WEARABLE_ROLES } from '../shared/lib/permissions';

export interface NavItem {
  label: string;
  to: LinkProps['to'];
  roles: readonly Role[];
  /** The key after `g` that opens it ("g o": orders). */
  shortcut?: string;
  /** A heading the link is listed under (admins' screens: "Administration"). */
  group?: string;
}

/** The main navigation: one list, each link shown to the roles that can use it. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Orders', to: '/orders', roles: ROLES, shortcut: 'o' },
  { label: 'New order', to: '/orders/new', roles: ORDERING_ROLES, shortcut: 'n' },
  { label: 'Test kits', to: '/orders/new-kit', roles: ORDERING_ROLES, shortcut: 'k' },
  { label: 'Patients', to: '/patients', roles: PATIENT_ROLES, shortcut: 'p' },
  { label: 'Results', to: '/results', roles: rolesWith('results.read'), shortcut: 'i' },
  {
    label: 'Unmatched results',
    to: '/unmatched-results',
    roles: REVIEW_QUEUE_ROLES,
    shortcut: 'u',
  },
  { label: 'Lab reports', to: '/lab-reports', roles: rolesWith('reports.read'), shortcut: 'r' },
  { label: 'Wearables', to: '/wearables', roles: WEARABLE_ROLES, shortcut: 'w' },
  { label: 'Webhooks', to: '/admin/webhooks', roles: rolesWith('administration') },
  {
    label: 'Webhook endpoints',
    to: '/admin/webhook-endpoints',
    roles: rolesWith('administration'),
    group: 'Administration',
  },
  {
    label: 'API keys',
    to: '/admin/api-keys',
    roles: rolesWith('administration'),
    group: 'Administration',
  },
  {
    label: 'Management keys',
    to: '/admin/management-keys',
    roles: rolesWith('administration'),
    group: 'Administration',
  },
  {
    label: 'Teams',
    to: '/admin/teams',
    roles: rolesWith('administration'),
    group: 'Administration',
  },
];

/** Screens the command palette offers beside the navigation's. */
export const MORE_SCREENS: readonly NavItem[] = [
  { label: 'Register a test kit', to: '/orders/register-kit', roles: ORDERING_ROLES },
];

export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => item.roles.includes(role));
}

export function screensFor(role: Role): NavItem[] {
  return [...NAV_ITEMS, ...MORE_SCREENS].filter((item) => item.roles.includes(role));
}
