import type { AllowedCall } from '.';
import { EVERYONE, ORDERING } from './roles';

/**
 * Patients, new orders and test kits (issue 3). Coordinators and admins create orders
 * and patients; ops and clinicians read patients only. Every call touches patient data,
 * so every call is audited.
 */
export const ORDERING_CALLS: readonly AllowedCall[] = [
  { method: 'POST', path: '/v3/order', roles: ORDERING, audit: { recordType: 'order' } },
  { method: 'POST', path: '/v3/order/create', roles: ORDERING, audit: { recordType: 'order' } },
  { method: 'POST', path: '/v3/order/testkit', roles: ORDERING, audit: { recordType: 'order' } },
  {
    method: 'POST',
    path: '/v3/order/testkit/register',
    roles: ORDERING,
    audit: { recordType: 'order' },
  },
  { method: 'GET', path: '/v2/user', roles: EVERYONE, audit: { recordType: 'patient_list' } },
  { method: 'POST', path: '/v2/user', roles: ORDERING, audit: { recordType: 'patient' } },
  {
    method: 'GET',
    path: '/v2/user/{user_id}',
    roles: EVERYONE,
    audit: { recordType: 'patient', idParam: 'user_id' },
  },
  {
    method: 'DELETE',
    path: '/v2/user/{user_id}',
    roles: ORDERING,
    audit: { recordType: 'patient', idParam: 'user_id' },
  },
  {
    method: 'POST',
    path: '/v2/user/undo_delete',
    roles: ORDERING,
    audit: { recordType: 'patient' },
  },
];
