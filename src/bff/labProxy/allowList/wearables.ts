import type { AllowedCall } from '.';

/** Wearable timeseries. Large pages are streamed through by the proxy. */
export const WEARABLES_CALLS: readonly AllowedCall[] = [
  {
    method: 'GET',
    path: '/v2/timeseries/{user_id}/{resource}/grouped',
    permission: 'wearables.read',
    audit: { recordType: 'timeseries', idParam: 'user_id' },
  },
];
