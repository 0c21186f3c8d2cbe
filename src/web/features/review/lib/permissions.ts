import type { Role } from '../../../../contract/console';

/* The UI hides what a role cannot do; the BFF's allow-list refuses it anyway. */

/** Ops and admins read the queue of unmatched results. */
export const REVIEW_QUEUE_ROLES: readonly Role[] = ['ops', 'admin'];
export const canReadUnmatchedResults = (role: Role) => REVIEW_QUEUE_ROLES.includes(role);
/** Only ops act on unmatched results. */
export const canActOnUnmatchedResults = (role: Role) => role === 'ops';
