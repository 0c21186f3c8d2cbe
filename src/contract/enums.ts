/*
 * The Lab API's enumerations as plain constants: the first screen reads them (search
 * params, labels) without loading zod. `openEnum`, which builds a zod schema, lives in
 * openEnum.ts; it is re-exported for the schema modules, and a bundle that only reads the
 * constants leaves it out.
 */
export { openEnum, type OpenEnum } from './openEnum';

export function isKnown<const T extends readonly string[]>(
  values: T,
  value: string,
): value is T[number] {
  return (values as readonly string[]).includes(value);
}

export const COLLECTION_METHODS = [
  'testkit',
  'walk_in_test',
  'at_home_phlebotomy',
  'on_site_collection',
] as const;
export type CollectionMethod = (typeof COLLECTION_METHODS)[number];

export const TOP_LEVEL_STATUSES = [
  'received',
  'collecting_sample',
  'sample_with_lab',
  'completed',
  'cancelled',
  'failed',
] as const;
export type TopLevelStatus = (typeof TOP_LEVEL_STATUSES)[number];

/** The 27 low-level statuses of the facts (§3); each belongs to exactly one top-level status. */
export const LOW_LEVEL_STATUSES = [
  'ordered',
  'awaiting_registration',
  'registered',
  'requisition_created',
  'requisition_bypassed',
  'transit_customer',
  'out_for_delivery',
  'with_customer',
  'transit_lab',
  'problem_in_transit_customer',
  'problem_in_transit_lab',
  'appointment_pending',
  'appointment_scheduled',
  'appointment_cancelled',
  'redraw_available',
  'draw_completed',
  'delivered_to_lab',
  'lab_processing_blocked',
  'partial_results',
  'completed',
  'corrected',
  'failure_to_deliver_to_customer',
  'failure_to_deliver_to_lab',
  'sample_error',
  'lost',
  'cancelled',
  'do_not_process',
] as const;
export type LowLevelStatus = (typeof LOW_LEVEL_STATUSES)[number];

export const ORDER_STATUS_DETAILS = [
  'fulfillment_error',
  'date_of_collection_unspecified',
  'demographic_information_unspecified',
  'demographic_information_mismatch',
  'sample_quantity_not_sufficient',
  'sample_contaminated',
  'sample_stability_exceeded',
  'sample_hemolyzed',
  'sample_improper_collection',
] as const;

export const BILLING_TYPES = [
  'client_bill',
  'commercial_insurance',
  'patient_bill_passthrough',
  'patient_bill',
] as const;

export const INTERPRETATIONS = ['normal', 'abnormal', 'critical', 'unknown'] as const;
export const ORDER_ORIGINS = ['initial', 'redraw', 'recreation'] as const;
export const ORDER_TRANSACTION_STATUSES = ['active', 'completed', 'cancelled'] as const;
export const ORDER_ACTIVATION_TYPES = ['current', 'scheduled'] as const;
export const SAMPLE_TYPES = [
  'dried_blood_spot',
  'arm_collector',
  'serum',
  'saliva',
  'urine',
  'stool',
] as const;
export const LAB_TEST_STATUSES = ['active', 'pending_approval', 'inactive'] as const;
export const MARKER_TYPES = ['biomarker', 'panel'] as const;
export const LAB_ACCOUNT_STATUSES = ['active', 'pending', 'suspended', 'ready_to_launch'] as const;
export const DELEGATED_FLOWS = [
  'order_delegated',
  'result_delegated',
  'fully_delegated',
  'not_delegated',
] as const;
export const GENDERS = ['female', 'male', 'other', 'unknown'] as const;
export const RACES = [
  'african_american_or_black',
  'asian',
  'indigenous_native_american_alaska_native',
  'other',
  'pacific_islander_or_hawaiian',
  'white_caucasian',
] as const;
export const ETHNICITIES = ['hispanic', 'non_hispanic', 'ashkenazi_jewish', 'other'] as const;
export const SEXUAL_ORIENTATIONS = [
  'lesbian_gay_or_homosexual',
  'heterosexual_or_straight',
  'bisexual',
  'dont_know',
  'other',
] as const;
export const GENDER_IDENTITIES = [
  'male',
  'female',
  'female_to_male_ftm_transgender_male_trans_man',
  'male_to_female_mtf_transgender_female_trans_woman',
  'genderqueer',
  'other',
] as const;
export const CONSENT_TYPES = [
  'terms-of-use',
  'telehealth-informed-consent',
  'mobile-terms-and-conditions',
  'notice-of-privacy-practices',
  'privacy-policy',
  'hipaa-authorization',
] as const;

/** Which collection methods may carry each low-level status (docs/lab-api-facts.md §3). */
export const LOW_LEVEL_STATUSES_BY_METHOD: Record<CollectionMethod, readonly LowLevelStatus[]> = {
  testkit: [
    'ordered',
    'awaiting_registration',
    'requisition_created',
    'requisition_bypassed',
    'registered',
    'transit_customer',
    'out_for_delivery',
    'with_customer',
    'transit_lab',
    'problem_in_transit_customer',
    'problem_in_transit_lab',
    'delivered_to_lab',
    'lab_processing_blocked',
    'completed',
    'corrected',
    'failure_to_deliver_to_customer',
    'failure_to_deliver_to_lab',
    'sample_error',
    'lost',
    'cancelled',
    'do_not_process',
  ],
  walk_in_test: [
    'ordered',
    'requisition_created',
    'requisition_bypassed',
    'appointment_pending',
    'appointment_scheduled',
    'appointment_cancelled',
    'redraw_available',
    'partial_results',
    'completed',
    'corrected',
    'sample_error',
    'cancelled',
  ],
  at_home_phlebotomy: [
    'ordered',
    'requisition_created',
    'requisition_bypassed',
    'appointment_pending',
    'appointment_scheduled',
    'draw_completed',
    'appointment_cancelled',
    'partial_results',
    'completed',
    'corrected',
    'sample_error',
    'cancelled',
  ],
  on_site_collection: [
    'ordered',
    'requisition_created',
    'requisition_bypassed',
    'draw_completed',
    'partial_results',
    'completed',
    'corrected',
    'sample_error',
    'cancelled',
  ],
};
