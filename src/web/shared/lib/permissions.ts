import type { Role } from '../../../contract/console';

/**
 * What each role may do, as far as the UI goes: it hides what a role cannot do,
 * and the BFF refuses it anyway (its allow-list is the authority).
 */
export const ORDERING_ROLES: readonly Role[] = ['coordinator', 'admin'];

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
