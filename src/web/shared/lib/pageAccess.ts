import type { Role } from '../../../contract/consoleProtocol';
import { can, type Permission } from '../../../contract/permissions';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The permission a page needs: a role without it sees why, never a form it cannot send. */
    permission?: Permission;
    /** The page's name, for that explanation. */
    title?: string;
  }
}

export interface PageAccess {
  permission: Permission;
  title: string;
}

/** The page a role may not use, or null: read from the deepest match's declaration. */
export function forbiddenPage(
  role: Role,
  matches: readonly { staticData: { permission?: Permission; title?: string } }[],
): PageAccess | null {
  const { permission, title } = matches.at(-1)?.staticData ?? {};
  if (!permission || can(role, permission)) return null;
  return { permission, title: title ?? 'Not available' };
}
