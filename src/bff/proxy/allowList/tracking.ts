import type { AllowedCall } from '.';

/** Following orders: results, cancellation, simulation, phlebotomy (issue 4). */
export const TRACKING_CALLS: readonly AllowedCall[] = [];
