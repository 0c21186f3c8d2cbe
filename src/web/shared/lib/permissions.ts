import { can, rolesWith, type Role } from '../../../contract';

/*
 * What each role may do, as far as the UI goes, read from the contract's permission table
 * (the BFF checks the same table and refuses anyway). The UI hides what a role cannot do.
 */
export const ORDERING_ROLES = rolesWith('orders.write');
export const WEARABLE_ROLES = rolesWith('wearables.read');
export const PATIENT_ROLES = rolesWith('patients.read');

export const canReadWearables = (role: Role) => can(role, 'wearables.read');
export const canCreateOrders = (role: Role) => can(role, 'orders.write');
export const canWritePatients = (role: Role) => can(role, 'patients.write');
export const canReadResults = (role: Role) => can(role, 'results.read');
/** Cancelling, simulating and booking phlebotomists are the coordinators' work. */
export const canActOnOrders = (role: Role) => can(role, 'orders.write');

const ROLE_WORDS: Record<Role, string> = {
  coordinator: 'Care coordinator',
  ops: 'Ops',
  clinician: 'Clinician',
  admin: 'Admin',
};

export function describeRole(role: Role): string {
  return ROLE_WORDS[role];
}
