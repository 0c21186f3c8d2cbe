import { z } from 'zod';
import { COLLECTION_METHODS, LAB_TEST_STATUSES } from './enums';
import { booleanParam, repeatedParam } from './queryParams';

/** `GET /v3/lab_tests` (deprecated, bare array; docs/lab-api-facts.md §7): the filters the console uses. */
export const labTestsQuerySchema = z.object({
  collection_method: z.enum(COLLECTION_METHODS).optional(),
  status: z.enum(LAB_TEST_STATUSES).optional(),
  lab_slug: z.string().max(100).optional(),
  /** Case-insensitive substring of the test's name. */
  name: z.string().max(200).optional(),
  lab_account_id: z.uuid().optional(),
});
export type LabTestsQuery = z.infer<typeof labTestsQuerySchema>;

export const MARKERS_PAGE_SIZE_MAX = 100;
export const MARKERS_PAGE_SIZE_DEFAULT = 50;

/** `GET /v3/lab_tests/markers` (docs/lab-api-facts.md §7): page numbers, like the orders list. */
export const markersQuerySchema = z.object({
  lab_id: repeatedParam(z.coerce.number().int()),
  lab_slug: z.string().max(100).optional(),
  name: z.string().max(200).optional(),
  a_la_carte_enabled: booleanParam.optional(),
  include_pricing: booleanParam.optional(),
  lab_account_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(MARKERS_PAGE_SIZE_MAX)
    .default(MARKERS_PAGE_SIZE_DEFAULT),
});
export type MarkersQuery = z.infer<typeof markersQuerySchema>;
