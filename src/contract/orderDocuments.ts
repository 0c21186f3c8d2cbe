import { z } from 'zod';
import { LOW_LEVEL_STATUSES, ORDER_ORIGINS, ORDER_TRANSACTION_STATUSES, openEnum } from './enums';

/* The documents of an order (docs/lab-api-facts.md §6) and its transaction (the initial order with its
   redraws and recreations). */

export const LABELS_DEFAULT = 3;
export const LABELS_MAX = 20;

/** `GET /v3/order/{id}/labels/pdf`: how many labels, and the collection date printed on them (required). */
export const labelsQuerySchema = z.object({
  number_of_labels: z.coerce.number().int().min(1).max(LABELS_MAX).default(LABELS_DEFAULT),
  collection_date: z.iso.datetime({ offset: true, local: true }),
});
export type LabelsQuery = z.infer<typeof labelsQuerySchema>;

/** OrderSummary: one member of a transaction, as the transaction endpoint answers it. */
export const orderSummarySchema = z.looseObject({
  id: z.uuid(),
  origin: openEnum(ORDER_ORIGINS).nullish(),
  parent_id: z.uuid().nullish(),
  last_status: openEnum(LOW_LEVEL_STATUSES),
  last_status_created_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** `GET /v3/order_transaction/{id}` (GetOrderTransactionResponse). */
export const orderTransactionResponseSchema = z.looseObject({
  id: z.uuid(),
  team_id: z.uuid(),
  status: openEnum(ORDER_TRANSACTION_STATUSES),
  orders: z.array(orderSummarySchema).default([]),
});
export type OrderTransactionResponse = z.infer<typeof orderTransactionResponseSchema>;

/** The order documents the console offers, by the Lab API path after `/v3/order/{id}`. */
export const ORDER_DOCUMENT_PATHS = {
  labels: '/labels/pdf',
  abn: '/abn_pdf',
  collectionInstructions: '/collection_instruction_pdf',
  requisition: '/requisition/pdf',
  result: '/result/pdf',
} as const;
export type OrderDocumentKind = keyof typeof ORDER_DOCUMENT_PATHS;
