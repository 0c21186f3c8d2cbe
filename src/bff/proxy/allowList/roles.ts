import type { Role } from '../../../contract';

export const EVERYONE: readonly Role[] = ['coordinator', 'ops', 'clinician', 'admin'];
/** Care coordinators and admins place orders and manage patients. */
export const ORDERING: readonly Role[] = ['coordinator', 'admin'];
