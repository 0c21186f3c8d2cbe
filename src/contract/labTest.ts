import { z } from 'zod';
import {
  COLLECTION_METHODS,
  LAB_TEST_STATUSES,
  MARKER_TYPES,
  SAMPLE_TYPES,
  openEnum,
} from './enums';

export const labSchema = z.looseObject({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  first_line_address: z.string(),
  city: z.string(),
  zipcode: z.string(),
  collection_methods: z.array(openEnum(COLLECTION_METHODS)),
  sample_types: z.array(openEnum(SAMPLE_TYPES)),
  logo_url: z.string().nullish(),
});
export type Lab = z.infer<typeof labSchema>;

export const aoeQuestionSchema = z.looseObject({
  id: z.number().int(),
  required: z.boolean(),
  code: z.string(),
  value: z.string(),
  type: z.string(),
  sequence: z.number().int().nullish(),
  answers: z.array(z.looseObject({ id: z.number().int(), code: z.string(), value: z.string() })),
  constraint: z.string().nullish(),
  default: z.string().nullish(),
});

export const markerSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullish(),
  lab_id: z.number().int().nullish(),
  provider_id: z.string().nullish(),
  type: openEnum(MARKER_TYPES).nullish(),
  unit: z.string().nullish(),
  price: z.string().nullish(),
  aoe: z.looseObject({ questions: z.array(aoeQuestionSchema) }).nullish(),
  a_la_carte_enabled: z.boolean().optional(),
  common_tat_days: z.number().int().nullish(),
  worst_case_tat_days: z.number().int().nullish(),
  is_orderable: z.boolean().nullish(),
});
export type Marker = z.infer<typeof markerSchema>;

/** The document lets every count be null. */
export const markersPageSchema = z.looseObject({
  markers: z.array(markerSchema),
  total: z.number().int().nullish(),
  page: z.number().int().nullish(),
  size: z.number().int().nullish(),
  pages: z.number().int().nullish(),
});
export type MarkersPage = z.infer<typeof markersPageSchema>;

export const labTestSchema = z.looseObject({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  sample_type: openEnum(SAMPLE_TYPES),
  method: openEnum(COLLECTION_METHODS),
  price: z.number(),
  is_active: z.boolean().optional(),
  status: openEnum(LAB_TEST_STATUSES),
  fasting: z.boolean().default(false),
  lab: labSchema.nullable(),
  markers: z.array(markerSchema).nullable(),
  is_delegated: z.boolean().optional(),
  auto_generated: z.boolean().default(false),
  has_collection_instructions: z.boolean().nullish(),
  common_tat_days: z.number().int().nullish(),
  worst_case_tat_days: z.number().int().nullish(),
});
export type LabTest = z.infer<typeof labTestSchema>;

export const labTestListSchema = z.array(labTestSchema);
