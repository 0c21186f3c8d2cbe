import type { LinkProps } from '@tanstack/react-router';
import { ROLES, rolesWith, type Role } from '../../contract';
import { REVIEW_QUEUE_ROLES } from '../features/review/lib/permissions';
import { ORDERING_ROLES, PATIENT_ROLES, WEARABLE_ROLES } from '../shared/lib/permissions';

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
  { label: 'Patients', to: '/patients', roles: PATIENT_ROLES },
  { label: 'Unmatched results', to: '/unmatched-results', roles: REVIEW_QUEUE_ROLES },
  { label: 'Lab reports', to: '/lab-reports', roles: rolesWith('reports.read') },
  { label: 'Wearables', to: '/wearables', roles: WEARABLE_ROLES },
  { label: 'Webhooks', to: '/admin/webhooks', roles: rolesWith('administration') },
];

export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => item.roles.includes(role));
}
