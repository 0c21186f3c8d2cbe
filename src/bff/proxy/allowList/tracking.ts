import type { Role } from '../../../contract';
import type { AllowedCall } from '.';
import { EVERYONE, ORDERING } from './roles';

/** Results are clinical: coordinators, clinicians and admins read them; ops follow statuses. */
const RESULT_READERS: readonly Role[] = ['coordinator', 'clinician', 'admin'];

const order = (recordType: string) => ({ recordType, idParam: 'order_id' });

/**
 * Following orders (issue 4): coordinators act (cancel, simulate, book a phlebotomist),
 * clinicians read results, everyone reads appointments. Every call on an order is audited.
 */
export const TRACKING_CALLS: readonly AllowedCall[] = [
  {
    method: 'POST',
    path: '/v3/order/{order_id}/cancel',
    roles: ORDERING,
    audit: order('order'),
  },
  {
    method: 'POST',
    path: '/v3/order/{order_id}/test',
    roles: ORDERING,
    audit: order('order'),
    sandboxOnly: true,
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/result',
    roles: RESULT_READERS,
    audit: order('lab_result'),
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/result/pdf',
    roles: RESULT_READERS,
    audit: order('lab_result'),
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/requisition/pdf',
    roles: RESULT_READERS,
    audit: order('requisition'),
  },
  // The address sent is the patient's: audited although no order id is in the path.
  {
    method: 'POST',
    path: '/v3/order/phlebotomy/appointment/availability',
    roles: ORDERING,
    audit: { recordType: 'patient_address' },
  },
  { method: 'GET', path: '/v3/order/phlebotomy/appointment/cancellation-reasons', roles: EVERYONE },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/phlebotomy/appointment',
    roles: EVERYONE,
    audit: order('appointment'),
  },
  {
    method: 'POST',
    path: '/v3/order/{order_id}/phlebotomy/appointment/book',
    roles: ORDERING,
    audit: order('appointment'),
  },
  {
    method: 'POST',
    path: '/v3/order/{order_id}/phlebotomy/appointment/request',
    roles: ORDERING,
    audit: order('appointment'),
  },
  {
    method: 'PATCH',
    path: '/v3/order/{order_id}/phlebotomy/appointment/reschedule',
    roles: ORDERING,
    audit: order('appointment'),
  },
  {
    method: 'PATCH',
    path: '/v3/order/{order_id}/phlebotomy/appointment/cancel',
    roles: ORDERING,
    audit: order('appointment'),
  },
];
