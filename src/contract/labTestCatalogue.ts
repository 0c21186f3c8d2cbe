import { z } from 'zod';
import { COLLECTION_METHODS, LAB_TEST_STATUSES } from './enums';
import { labSchema, labTestSchema } from './labTest';
import { MARKERS_PAGE_SIZE_DEFAULT, MARKERS_PAGE_SIZE_MAX } from './labTestsQuery';
import { MESSAGES } from './messages';
import { fieldError } from './orderRequest';
import { booleanParam } from './queryParams';

/* The team's lab test catalogue (docs/lab-api-facts.md §7): the paged listing, a test's markers, the labs,
   and the team's own custom panels. */

export const LAB_TEST_PAGE_DEFAULT = 50;
export const LAB_TEST_PAGE_MAX = 100;
export const GENERATION_METHODS = ['auto', 'manual', 'all'] as const;

/** `GET /v3/lab_test`: cursor paging; `generation_method` leaves out auto-generated tests by default. */
export const labTestPageQuerySchema = z.object({
  lab_test_limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LAB_TEST_PAGE_MAX)
    .default(LAB_TEST_PAGE_DEFAULT),
  next_cursor: z.string().max(200).optional(),
  include_pricing: booleanParam.optional(),
  lab_account_id: z.uuid().optional(),
  generation_method: z.enum(GENERATION_METHODS).default('manual'),
  lab_slug: z.string().max(100).optional(),
  collection_method: z.enum(COLLECTION_METHODS).optional(),
  status: z.enum(LAB_TEST_STATUSES).optional(),
  name: z.string().max(200).optional(),
});
export type LabTestPageQuery = z.infer<typeof labTestPageQuerySchema>;

/** LabTestResourcesResponse: `next_cursor` null on the last page. */
export const labTestPageSchema = z.looseObject({
  data: z.array(labTestSchema),
  next_cursor: z.string().nullish(),
});
export type LabTestPage = z.infer<typeof labTestPageSchema>;

/** `GET /v3/lab_tests/labs`. */
export const labListSchema = z.array(labSchema);

/** Page numbers of the marker listings (`/{id}/markers`, `list_order_set_markers`). */
export const markerPageQuerySchema = z.object({
  lab_account_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(MARKERS_PAGE_SIZE_MAX)
    .default(MARKERS_PAGE_SIZE_DEFAULT),
});

export const LAB_TEST_NAME_MAX = 100;
export const LAB_TEST_DESCRIPTION_MAX = 500;

export const CATALOGUE_MESSAGES = {
  name: 'Name the panel',
  nameTooLong: `The name is at most ${LAB_TEST_NAME_MAX} characters`,
  descriptionTooLong: `The description is at most ${LAB_TEST_DESCRIPTION_MAX} characters`,
  markers: 'Choose at least one marker',
  markerKinds: 'Give marker ids or provider ids, not both',
  oneLab: 'All markers of a panel come from one lab',
  onlyCustom: 'Only the team’s own panels can be changed',
  nothingToChange: 'Give a new name or the active flag',
} as const;

const name = z
  .string(fieldError(CATALOGUE_MESSAGES.name))
  .trim()
  .min(1, CATALOGUE_MESSAGES.name)
  .max(LAB_TEST_NAME_MAX, CATALOGUE_MESSAGES.nameTooLong);

/** `POST /v3/lab_tests` (CreateLabTestRequest): a custom panel from markers. */
export const createLabTestRequestSchema = z
  .object(
    {
      name,
      method: z.enum(COLLECTION_METHODS, fieldError(MESSAGES.choice)),
      description: z
        .string(fieldError(MESSAGES.required))
        .trim()
        .max(LAB_TEST_DESCRIPTION_MAX, CATALOGUE_MESSAGES.descriptionTooLong),
      marker_ids: z.array(z.number().int()).nullish(),
      provider_ids: z.array(z.string().min(1)).nullish(),
      fasting: z.boolean().nullish(),
      lab_account_id: z.uuid(fieldError(MESSAGES.uuid)).nullish(),
      lab_slug: z.string().max(100).nullish(),
    },
    fieldError(MESSAGES.object),
  )
  .superRefine((value, ctx) => {
    const byMarker = (value.marker_ids?.length ?? 0) > 0;
    const byProvider = (value.provider_ids?.length ?? 0) > 0;
    if (byMarker && byProvider) {
      ctx.addIssue({
        code: 'custom',
        path: ['marker_ids'],
        message: CATALOGUE_MESSAGES.markerKinds,
      });
    } else if (!byMarker && !byProvider) {
      ctx.addIssue({ code: 'custom', path: ['marker_ids'], message: CATALOGUE_MESSAGES.markers });
    }
  });
export type CreateLabTestRequest = z.output<typeof createLabTestRequestSchema>;
export type CreateLabTestRequestInput = z.input<typeof createLabTestRequestSchema>;

/** `PATCH /v3/lab_tests/{id}` (UpdateLabTestRequest): rename, or switch active. */
export const updateLabTestRequestSchema = z
  .object({ name: name.nullish(), active: z.boolean().nullish() }, fieldError(MESSAGES.object))
  .superRefine((value, ctx) => {
    if (value.name == null && value.active == null) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: CATALOGUE_MESSAGES.nothingToChange });
    }
  });
export type UpdateLabTestRequest = z.output<typeof updateLabTestRequestSchema>;
