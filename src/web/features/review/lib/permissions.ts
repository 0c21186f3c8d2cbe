import { can, rolesWith, type Role } from '../../../../contract';

/* The UI hides what a role cannot do; the BFF refuses it anyway (same permission table). */

export const REVIEW_QUEUE_ROLES = rolesWith('review.read');
export const canActOnUnmatchedResults = (role: Role) => can(role, 'review.act');
