import type { AllowedCall } from '.';

/** Wearable timeseries (issue 6). */
export const WEARABLES_CALLS: readonly AllowedCall[] = [];
