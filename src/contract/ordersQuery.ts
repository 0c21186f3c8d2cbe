import { z } from 'zod';
import {
  COLLECTION_METHODS,
  INTERPRETATIONS,
  LOW_LEVEL_STATUSES,
  ORDER_ACTIVATION_TYPES,
} from './enums';
import { ORDER_SORT_KEYS } from './ordersSort';
import { booleanParam, repeatedParam } from './queryParams';

const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export { ORDER_SORT_KEYS };
export const ORDERS_PAGE_SIZE_MAX = 100;
export const ORDERS_PAGE_SIZE_DEFAULT = 50;

/** `GET /v3/orders` (docs/lab-api-facts.md §6): page numbers, not cursors. */
export const ordersQuerySchema = z.object({
  search_input: z.string().max(200).optional(),
  start_date: dateOrDateTime.optional(),
  end_date: dateOrDateTime.optional(),
  updated_start_date: dateOrDateTime.optional(),
  updated_end_date: dateOrDateTime.optional(),
  status: repeatedParam(z.enum(LOW_LEVEL_STATUSES)),
  order_key: z.enum(ORDER_SORT_KEYS).optional(),
  order_direction: z.enum(['asc', 'desc']).optional(),
  order_type: repeatedParam(z.enum(COLLECTION_METHODS)),
  is_critical: booleanParam.optional(),
  /** `null` asks for orders without an interpretation (the description's `/orders` filter). */
  interpretation: z.union([z.enum(INTERPRETATIONS), z.literal('null')]).optional(),
  order_activation_types: repeatedParam(z.enum(ORDER_ACTIVATION_TYPES)),
  user_id: z.uuid().optional(),
  patient_name: z.string().max(200).optional(),
  shipping_recipient_name: z.string().max(200).optional(),
  order_ids: repeatedParam(z.uuid()),
  order_transaction_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(ORDERS_PAGE_SIZE_MAX).default(ORDERS_PAGE_SIZE_DEFAULT),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;
