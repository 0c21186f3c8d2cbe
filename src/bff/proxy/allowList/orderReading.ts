import type { AllowedCall } from '.';
import { EVERYONE, ORDERING } from './roles';

/** Reading orders and the catalogue: the walking skeleton's calls. */
export const ORDER_READING_CALLS: readonly AllowedCall[] = [
  { method: 'GET', path: '/v3/orders', roles: EVERYONE, audit: { recordType: 'order_list' } },
  { method: 'GET', path: '/orders', roles: EVERYONE, audit: { recordType: 'order_list' } },
  {
    method: 'GET',
    path: '/v3/order/{order_id}',
    roles: EVERYONE,
    audit: { recordType: 'order', idParam: 'order_id' },
  },
  { method: 'GET', path: '/v3/lab_tests', roles: EVERYONE },
  { method: 'GET', path: '/v3/lab_tests/markers', roles: EVERYONE },
  { method: 'GET', path: '/v3/lab_test/lab_account', roles: ORDERING },
];
