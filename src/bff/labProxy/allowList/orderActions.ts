import type { AllowedCall } from '.';

const order = (recordType: string) => ({ recordType, idParam: 'order_id' });

/**
 * Walk-in appointments at patient service centres, and the changes to an order beside
 * cancelling it: its activation date, an on-site draw completed, its SMS setting.
 * Looking up centres and slots is part of booking, so it needs `orders.write`; reading
 * an order's appointment and settings is following the order (`orders.read`).
 */
export const ORDER_ACTION_CALLS: readonly AllowedCall[] = [
  // The ZIP code sent is the patient's: audited although no order id is in the path.
  {
    method: 'GET',
    path: '/v3/order/area/info',
    permission: 'orders.write',
    audit: { recordType: 'patient_address' },
  },
  {
    method: 'GET',
    path: '/v3/order/psc/info',
    permission: 'orders.write',
    audit: { recordType: 'patient_address' },
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/psc/info',
    permission: 'orders.write',
    audit: order('order_patient_address'),
  },
  {
    method: 'POST',
    path: '/v3/order/psc/appointment/availability',
    permission: 'orders.write',
    audit: { recordType: 'patient_address' },
  },
  {
    method: 'GET',
    path: '/v3/order/psc/appointment/cancellation-reasons',
    permission: 'orders.read',
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/psc/appointment',
    permission: 'orders.read',
    audit: order('appointment'),
  },
  {
    method: 'POST',
    path: '/v3/order/{order_id}/psc/appointment/book',
    permission: 'orders.write',
    audit: order('appointment'),
  },
  {
    method: 'PATCH',
    path: '/v3/order/{order_id}/psc/appointment/reschedule',
    permission: 'orders.write',
    audit: order('appointment'),
  },
  {
    method: 'PATCH',
    path: '/v3/order/{order_id}/psc/appointment/cancel',
    permission: 'orders.write',
    audit: order('appointment'),
  },
  {
    method: 'PATCH',
    path: '/v3/order/{order_id}',
    permission: 'orders.write',
    audit: order('order'),
  },
  {
    method: 'PATCH',
    path: '/v3/order/{order_id}/draw_completed',
    permission: 'orders.write',
    audit: order('order'),
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/communication_settings',
    permission: 'orders.read',
    audit: order('communication_settings'),
  },
  {
    method: 'PATCH',
    path: '/v3/order/{order_id}/communication_settings',
    permission: 'orders.write',
    audit: order('communication_settings'),
  },
];
