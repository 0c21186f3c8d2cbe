import type { AllowedCall } from '.';

/** Unmatched results and lab-report parsing (issue 5). */
export const REVIEW_CALLS: readonly AllowedCall[] = [];
