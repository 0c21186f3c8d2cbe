import type { AllowedCall } from '.';

/**
 * Wearables: timeseries (large pages are streamed through by the proxy), a patient's
 * connected providers (patient data: audited), and the provider list with display names
 * (no patient: not audited).
 */
export const WEARABLES_CALLS: readonly AllowedCall[] = [
  {
    method: 'GET',
    path: '/v2/timeseries/{user_id}/{resource}/grouped',
    permission: 'wearables.read',
    audit: { recordType: 'timeseries', idParam: 'user_id' },
  },
  {
    method: 'GET',
    path: '/v2/user/providers/{user_id}',
    permission: 'wearables.read',
    // Which sources the patient's wearable data come from: audited as wearable data.
    audit: { recordType: 'timeseries', idParam: 'user_id' },
  },
  { method: 'GET', path: '/v2/providers', permission: 'wearables.read' },
];
