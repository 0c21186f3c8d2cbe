import type { AllowedCall } from '.';
import { postOrderResponseSchema } from '../../../contract';

const order = (recordType: string) => ({ recordType, idParam: 'order_id' });
const transaction = (recordType: string) => ({ recordType, idParam: 'transaction_id' });

/**
 * An order's papers (labels, ABN, collection instructions), imported orders, and the order
 * transaction that ties an order to its redraws and recreations. Every call but the lab
 * test's instructions names a patient's order, so each is audited.
 */
export const ORDER_DOCUMENT_CALLS: readonly AllowedCall[] = [
  {
    method: 'GET',
    path: '/v3/order/{order_id}/labels/pdf',
    permission: 'orders.documents',
    answers: 'pdf',
    audit: order('order_labels'),
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/abn_pdf',
    permission: 'orders.documents',
    answers: 'pdf',
    audit: order('order_abn'),
  },
  {
    method: 'GET',
    path: '/v3/order/{order_id}/collection_instruction_pdf',
    permission: 'orders.documents',
    answers: 'pdf',
    audit: order('collection_instructions'),
  },
  // A lab test's instructions name no patient: catalogue readers may print them.
  {
    method: 'GET',
    path: '/v3/lab_test/{lab_test_id}/collection_instruction_pdf',
    permission: 'catalogue.read',
    answers: 'pdf',
  },
  {
    method: 'POST',
    path: '/v3/order/import',
    permission: 'orders.write',
    audit: {
      recordType: 'order',
      idInAnswer: (answer: unknown) => postOrderResponseSchema.safeParse(answer).data?.order.id,
    },
  },
  {
    method: 'GET',
    path: '/v3/order_transaction/{transaction_id}',
    permission: 'orders.read',
    audit: transaction('order_transaction'),
  },
  {
    method: 'GET',
    path: '/v3/order_transaction/{transaction_id}/result',
    permission: 'results.read',
    audit: transaction('order_transaction_result'),
  },
  {
    method: 'GET',
    path: '/v3/order_transaction/{transaction_id}/result/pdf',
    permission: 'results.read',
    answers: 'pdf',
    audit: transaction('order_transaction_result'),
  },
];
