import type { Role } from '../../../contract/console';

/**
 * What each role may do, as far as the UI goes: it hides what a role cannot do,
 * and the BFF refuses it anyway (its allow-list is the authority).
 */
export const ORDERING_ROLES: readonly Role[] = ['coordinator', 'admin'];

/** Wearable charts: clinicians, coordinators and admins (not ops). */
export const WEARABLE_ROLES: readonly Role[] = ['clinician', 'coordinator', 'admin'];

export function canReadWearables(role: Role): boolean {
  return WEARABLE_ROLES.includes(role);
}

export function canCreateOrders(role: Role): boolean {
  return ORDERING_ROLES.includes(role);
}

const ROLE_WORDS: Record<Role, string> = {
  coordinator: 'Care coordinator',
  ops: 'Ops',
  clinician: 'Clinician',
  admin: 'Admin',
};

export function describeRole(role: Role): string {
  return ROLE_WORDS[role];
}

/** Results are clinical: ops follow statuses but do not read them (the BFF agrees). */
export const RESULT_ROLES: readonly Role[] = ['coordinator', 'clinician', 'admin'];

export function canReadResults(role: Role): boolean {
  return RESULT_ROLES.includes(role);
}

/** Cancelling, simulating and booking phlebotomists are the coordinators' work. */
export function canActOnOrders(role: Role): boolean {
  return ORDERING_ROLES.includes(role);
}
