import type { AllowedCall } from '.';
import { postOrderResponseSchema, userSchema } from '../../../contract';

/* Creates are audited with the id of what they created, so the trail answers "who
   created this order / patient". */
const createdOrder = {
  recordType: 'order',
  idInAnswer: (answer: unknown) => postOrderResponseSchema.safeParse(answer).data?.order.id,
};

/**
 * Patients, new orders and test kits. Every call touches patient data, so every call
 * is audited.
 */
export const ORDERING_CALLS: readonly AllowedCall[] = [
  { method: 'POST', path: '/v3/order', permission: 'orders.write', audit: createdOrder },
  {
    method: 'POST',
    path: '/v3/order/create',
    permission: 'orders.write',
    audit: createdOrder,
  },
  {
    method: 'POST',
    path: '/v3/order/testkit',
    permission: 'orders.write',
    audit: createdOrder,
  },
  {
    method: 'POST',
    path: '/v3/order/testkit/register',
    permission: 'orders.write',
    audit: createdOrder,
  },
  {
    method: 'GET',
    path: '/v2/user',
    permission: 'patients.read',
    audit: { recordType: 'patient_list' },
  },
  {
    method: 'POST',
    path: '/v2/user',
    permission: 'patients.write',
    audit: {
      recordType: 'patient',
      idInAnswer: (answer: unknown) => userSchema.safeParse(answer).data?.user_id,
    },
  },
  {
    method: 'GET',
    path: '/v2/user/{user_id}',
    permission: 'patients.read',
    audit: { recordType: 'patient', idParam: 'user_id' },
  },
  {
    method: 'DELETE',
    path: '/v2/user/{user_id}',
    permission: 'patients.write',
    audit: { recordType: 'patient', idParam: 'user_id' },
  },
  {
    method: 'POST',
    path: '/v2/user/undo_delete',
    permission: 'patients.write',
    audit: { recordType: 'patient', idInQuery: ['user_id', 'client_user_id'] },
  },
];
