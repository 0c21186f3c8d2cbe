import { z } from 'zod';
import {
  COLLECTION_METHODS,
  INTERPRETATIONS,
  LOW_LEVEL_STATUSES,
  ORDER_ACTIVATION_TYPES,
} from './enums';
import { ORDER_SORT_KEYS } from './ordersQuery';

/*
 * Saved views of the orders list: a name and the list's filters, owned by one console
 * account and kept in the BFF's store. A view is configuration, not patient data: the
 * free-text search and the patient-name filter are not part of it (strict objects refuse
 * them), so no patient's name is ever stored with a view.
 */

export const SAVED_VIEWS_PATH = '/api/views';
export const SAVED_VIEW_NAME_MAX = 80;
/** Views per account: a list people pick from, not an archive. */
export const SAVED_VIEWS_MAX = 50;

const day = z.iso.date();

export const savedViewSearchSchema = z
  .object({
    status: z.array(z.enum(LOW_LEVEL_STATUSES)).max(LOW_LEVEL_STATUSES.length).optional(),
    method: z.array(z.enum(COLLECTION_METHODS)).max(COLLECTION_METHODS.length).optional(),
    interpretation: z.enum([...INTERPRETATIONS, 'none']).optional(),
    critical: z.boolean().optional(),
    created_from: day.optional(),
    created_to: day.optional(),
    updated_from: day.optional(),
    updated_to: day.optional(),
    activation: z.enum(ORDER_ACTIVATION_TYPES).optional(),
    sort: z.enum(ORDER_SORT_KEYS).optional(),
    dir: z.enum(['asc', 'desc']).optional(),
    worklist: z.enum(['overdue', 'critical', 'attention']).optional(),
  })
  .strict();
export type SavedViewSearch = z.infer<typeof savedViewSearchSchema>;

export const newSavedViewSchema = z
  .object({
    name: z.string().trim().min(1).max(SAVED_VIEW_NAME_MAX),
    search: savedViewSearchSchema,
  })
  .strict();
export type NewSavedView = z.infer<typeof newSavedViewSchema>;

export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  search: savedViewSearchSchema,
  created_at: z.iso.datetime(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewsResponseSchema = z.object({ views: z.array(savedViewSchema) });
