import type { AllowedCall } from '.';

/** Patients, new orders and test kits (issue 3). */
export const ORDERING_CALLS: readonly AllowedCall[] = [];
