import { ROLES, type Role } from '../../../../contract/console';
import { describeRole } from '../../../shared/lib/permissions';

/** The roles an account can hold, as the role pickers list them. */
export const ROLE_OPTIONS = ROLES.map((role) => ({ id: role, label: describeRole(role) }));

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
