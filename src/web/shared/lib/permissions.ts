import { can, rolesWith, type Permission, type Role } from '../../../contract';

/*
 * What each role may do, as far as the UI goes, read from the contract's permission table
 * (the BFF checks the same table and refuses anyway). The UI hides what a role cannot do,
 * and a page a role cannot use says so instead of showing a form that would be refused.
 */
export const ORDERING_ROLES = rolesWith('orders.write');
export const WEARABLE_ROLES = rolesWith('wearables.read');
export const PATIENT_ROLES = rolesWith('patients.read');
export const UNMATCHED_RESULTS_ROLES = rolesWith('review.read');

export const canReadWearables = (role: Role) => can(role, 'wearables.read');
export const canCreateOrders = (role: Role) => can(role, 'orders.write');
export const canWritePatients = (role: Role) => can(role, 'patients.write');
export const canReadResults = (role: Role) => can(role, 'results.read');
export const canUploadReports = (role: Role) => can(role, 'reports.upload');
/** Cancelling, simulating and booking phlebotomists are the coordinators' work. */
export const canActOnOrders = (role: Role) => can(role, 'orders.write');
export const canActOnUnmatchedResults = (role: Role) => can(role, 'review.act');

const ROLE_WORDS: Record<Role, string> = {
  coordinator: 'Care coordinator',
  ops: 'Ops',
  clinician: 'Clinician',
  admin: 'Admin',
};

const ROLE_PLURALS: Record<Role, string> = {
  coordinator: 'care coordinators',
  ops: 'ops staff',
  clinician: 'clinicians',
  admin: 'admins',
};

export function describeRole(role: Role): string {
  return ROLE_WORDS[role];
}

/** "care coordinators", "care coordinators and clinicians": who holds a permission. */
export function describeHolders(permission: Permission): string {
  const names = rolesWith(permission).map((role) => ROLE_PLURALS[role]);
  if (names.length <= 1) return names[0] ?? 'nobody';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}
