import type { LinkProps } from '@tanstack/react-router';
import { ROLES, rolesWith, type Role } from '../../contract';
import { UNMATCHED_RESULTS_ROLES } from '../shared/lib/permissions';
import { ORDERING_ROLES, PATIENT_ROLES, WEARABLE_ROLES } from '../shared/lib/permissions';

export interface NavItem {
  label: string;
  to: LinkProps['to'];
  roles: readonly Role[];
  /** The key after `g` that opens it ("g o": orders). */
  shortcut?: string;
  /** Links of one kind shown together under the group's name. */
  group?: NavGroup;
  /**
   * Roles that rarely open it: for them it waits under "More", so the row holds their daily
   * screens on one line. A "More" of a single link would hide it for nothing: it stays in the row.
   */
  lessUsedBy?: readonly Role[];
}

/** Groups of the main navigation, in the order they follow the ungrouped links. */
export const NAV_GROUPS = ['More', 'Administration'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/** The main navigation: one list, each link shown to the roles that can use it. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Orders', to: '/orders', roles: ROLES, shortcut: 'o' },
  { label: 'New order', to: '/orders/new', roles: ORDERING_ROLES, shortcut: 'n' },
  {
    label: 'Test kits',
    to: '/orders/new-kit',
    roles: ORDERING_ROLES,
    shortcut: 'k',
    // Kits are ordered in batches now and then; "New order" is the daily way in.
    lessUsedBy: ['coordinator'],
  },
  { label: 'Patients', to: '/patients', roles: PATIENT_ROLES, shortcut: 'p' },
  { label: 'Results', to: '/results', roles: rolesWith('results.read'), shortcut: 'i' },
  {
    label: 'Unmatched results',
    to: '/unmatched-results',
    roles: UNMATCHED_RESULTS_ROLES,
    shortcut: 'u',
  },
  {
    label: 'Lab reports',
    to: '/lab-reports',
    roles: rolesWith('reports.read'),
    shortcut: 'r',
    // Ops upload and check reports; others only look one up now and then.
    lessUsedBy: ['coordinator', 'clinician'],
  },
  { label: 'Wearables', to: '/wearables', roles: WEARABLE_ROLES, shortcut: 'w' },
  // The catalogue is looked up, not worked in.
  { label: 'Lab tests', to: '/lab-tests', roles: rolesWith('catalogue.read'), lessUsedBy: ROLES },
  // Running the console: accounts, the audit trail, webhooks, keys and teams.
  {
    label: 'Accounts',
    to: '/admin/accounts',
    roles: rolesWith('administration'),
    group: 'Administration',
  },
  {
    label: 'Audit trail',
    to: '/admin/audit',
    roles: rolesWith('administration'),
    group: 'Administration',
  },
  {
    label: 'Webhook inbox',
    to: '/admin/webhooks',
    roles: rolesWith('administration'),
    group: 'Administration',
  },
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
  { label: 'Import an order', to: '/orders/import', roles: ORDERING_ROLES },
];

export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => item.roles.includes(role));
}

/**
 * A role's links: the ones in the row, then each group with its links (empty groups left
 * out). The group of a link is its own, or "More" when the role uses it little.
 */
export function navSectionsFor(role: Role): { group: NavGroup | null; items: NavItem[] }[] {
  const items = navItemsFor(role);
  const lessUsed = items.filter((item) => !item.group && item.lessUsedBy?.includes(role));
  const groupOf = (item: NavItem): NavGroup | null =>
    item.group ?? (lessUsed.length > 1 && lessUsed.includes(item) ? 'More' : null);
  return [
    { group: null, items: items.filter((item) => groupOf(item) === null) },
    ...NAV_GROUPS.map((group) => ({
      group,
      items: items.filter((item) => groupOf(item) === group),
    })),
  ].filter((section) => section.items.length > 0);
}

export function screensFor(role: Role): NavItem[] {
  return [...NAV_ITEMS, ...MORE_SCREENS].filter((item) => item.roles.includes(role));
}
