import type { AllowedCall } from '.';

/** Reading orders and the catalogue: the walking skeleton's calls. */
export const ORDER_READING_CALLS: readonly AllowedCall[] = [
  {
    method: 'GET',
    path: '/v3/orders',
    permission: 'orders.read',
    audit: { recordType: 'order_list' },
  },
  {
    method: 'GET',
    path: '/orders',
    permission: 'orders.read',
    audit: { recordType: 'order_list' },
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}',
    permission: 'orders.read',
    audit: { recordType: 'order', idParam: 'order_id' },
  },
  { method: 'GET', path: '/v3/lab_tests', permission: 'catalogue.read' },
  { method: 'GET', path: '/v3/lab_tests/markers', permission: 'catalogue.read' },
  { method: 'GET', path: '/v3/lab_test/lab_account', permission: 'labAccounts.read' },
];
