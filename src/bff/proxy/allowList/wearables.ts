import type { AllowedCall } from '.';
import type { Role } from '../../../contract';

/** Clinicians read wearable charts; coordinators and admins may too. Ops run the lab side only. */
const WEARABLE_READERS: readonly Role[] = ['clinician', 'coordinator', 'admin'];

/** Wearable timeseries (issue 6). Large pages are streamed through by the proxy. */
export const WEARABLES_CALLS: readonly AllowedCall[] = [
  {
    method: 'GET',
    path: '/v2/timeseries/{user_id}/{resource}/grouped',
    roles: WEARABLE_READERS,
    audit: { recordType: 'timeseries', idParam: 'user_id' },
  },
];
