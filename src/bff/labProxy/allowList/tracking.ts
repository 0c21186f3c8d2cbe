import type { AllowedCall } from '.';

const order = (recordType: string) => ({ recordType, idParam: 'order_id' });

/** Following orders: cancel, simulate, results, documents, appointments. Every call on an order is audited. */
export const TRACKING_CALLS: readonly AllowedCall[] = [
  {
    method: 'POST',
    path: '/v3/order/{order_id}/cancel',
    permission: 'orders.write',
    audit: order('order'),
  },
  {
    method: 'POST',
    path: '/v3/order/{order_id}/test',
    permission: 'orders.write',
    audit: order('order'),
    sandboxOnly: true,
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/result',
    permission: 'results.read',
    audit: order('lab_result'),
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/result/pdf',
    permission: 'results.read',
    answers: 'pdf',
    audit: order('lab_result'),
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/requisition/pdf',
    permission: 'results.read',
    answers: 'pdf',
    audit: order('requisition'),
  },
  // The address sent is the patient's: audited although no order id is in the path.
  {
    method: 'POST',
    path: '/v3/order/phlebotomy/appointment/availability',
    permission: 'orders.write',
    audit: { recordType: 'patient_address' },
  },
  {
    method: 'GET',
    path: '/v3/order/phlebotomy/appointment/cancellation-reasons',
    permission: 'orders.read',
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/phlebotomy/appointment',
    permission: 'orders.read',
    audit: order('appointment'),
  },
  {
    method: 'POST',
    path: '/v3/order/{order_id}/phlebotomy/appointment/book',
    permission: 'orders.write',
    audit: order('appointment'),
  },
  {
    method: 'POST',
    path: '/v3/order/{order_id}/phlebotomy/appointment/request',
    permission: 'orders.write',
    audit: order('appointment'),
  },
  {
    method: 'PATCH',
    path: '/v3/order/{order_id}/phlebotomy/appointment/reschedule',
    permission: 'orders.write',
    audit: order('appointment'),
  },
  {
    method: 'PATCH',
    path: '/v3/order/{order_id}/phlebotomy/appointment/cancel',
    permission: 'orders.write',
    audit: order('appointment'),
  },
];
