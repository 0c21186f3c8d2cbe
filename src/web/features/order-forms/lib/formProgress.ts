import type { DeepPartial, FieldErrors } from 'react-hook-form';
import type { CreateOrderRequestInput } from '../../../../contract/orderRequest';

/*
 * The new-order form's outline: each section's state, read from the form's values and its
 * errors, so the person sees what is done, what is wrong and what is left.
 */

export type SectionState = 'complete' | 'error' | 'todo' | 'optional';

export type OrderSectionId =
  | 'patient'
  | 'details'
  | 'address'
  | 'tests'
  | 'questions'
  | 'physician'
  | 'insurance'
  | 'billing'
  | 'consents'
  | 'notes';

export interface OrderSection {
  id: OrderSectionId;
  label: string;
  /** The first segment of each field path the section holds, for its errors. */
  paths: readonly string[];
}

export const ORDER_SECTIONS: readonly OrderSection[] = [
  { id: 'patient', label: 'Patient', paths: ['user_id'] },
  { id: 'details', label: 'Patient details', paths: ['patient_details'] },
  { id: 'address', label: 'Address', paths: ['patient_address'] },
  {
    id: 'tests',
    label: 'Lab account and tests',
    paths: ['lab_account_id', 'order_set', 'collection_method'],
  },
  { id: 'questions', label: 'Questions from the lab', paths: ['aoe_answers'] },
  { id: 'physician', label: 'Ordering physician', paths: ['physician'] },
  { id: 'insurance', label: 'Health insurance', paths: ['health_insurance'] },
  {
    id: 'billing',
    label: 'Billing and scheduling',
    paths: ['billing_type', 'priority', 'icd_codes', 'activate_by', 'passthrough'],
  },
  { id: 'consents', label: 'Consents', paths: ['consents'] },
  { id: 'notes', label: 'Clinical notes', paths: ['clinical_notes'] },
];

export const sectionAnchor = (id: OrderSectionId) => `order-section-${id}`;

/** What the form holds while being filled: any field may still be missing. */
type Values = DeepPartial<CreateOrderRequestInput>;

const filled = (value: unknown) =>
  typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;

const allFilled = (record: object | null | undefined, keys: readonly string[]) =>
  keys.every((key) => filled((record as Record<string, unknown> | null | undefined)?.[key]));

export interface ProgressContext {
  /** Whether the chosen tests or markers ask questions (the section exists only then). */
  hasQuestions: boolean;
  /** Whether the chosen lab account requires a physician. */
  physicianRequired: boolean;
}

/** The state of each section now shown on the form, in the form's order. */
export function orderProgress(
  values: Values,
  errors: FieldErrors<CreateOrderRequestInput>,
  context: ProgressContext,
): { section: OrderSection; state: SectionState }[] {
  const hasError = (section: OrderSection) =>
    section.paths.some((path) => (errors as Record<string, unknown>)[path] !== undefined);
  const complete: Record<OrderSectionId, boolean | null> = {
    patient: filled(values.user_id),
    details: allFilled(values.patient_details, [
      'first_name',
      'last_name',
      'dob',
      'gender',
      'phone_number',
      'email',
    ]),
    address: allFilled(values.patient_address, ['first_line', 'city', 'state', 'zip', 'country']),
    tests:
      filled(values.lab_account_id) &&
      ((values.order_set?.lab_test_ids?.length ?? 0) > 0 ||
        (values.order_set?.add_on?.marker_ids?.length ?? 0) > 0 ||
        (values.order_set?.add_on?.provider_ids?.length ?? 0) > 0),
    // Required questions are checked on submit; answered ones count as done.
    questions: (values.aoe_answers?.length ?? 0) > 0,
    physician: context.physicianRequired
      ? allFilled(values.physician, ['first_name', 'last_name', 'npi'])
      : null,
    insurance: null,
    billing: null,
    consents: null,
    notes: null,
  };
  return ORDER_SECTIONS.filter((section) => section.id !== 'questions' || context.hasQuestions).map(
    (section) => {
      const done = complete[section.id];
      const state: SectionState = hasError(section)
        ? 'error'
        : done === null
          ? 'optional'
          : done
            ? 'complete'
            : 'todo';
      return { section, state };
    },
  );
}
