import { z } from 'zod';
import { BILLING_TYPES, COLLECTION_METHODS } from './enums';
import { MESSAGES } from './messages';
import {
  fieldError,
  orderSetSchema,
  patientAddressSchema,
  patientDetailsSchemaFor,
  physicianSchema,
  utcToday,
} from './orderRequest';

/* POST /v3/order/import (docs/lab-api-facts.md §6, ImportOrderBody): an order placed outside the API —
   on paper, at the lab's own portal — brought in with the sample id the lab gave it. */

export const SAMPLE_ID_MAX_LENGTH = 100;

/** Sample ids are barcodes: letters, digits and dashes. */
export const SAMPLE_ID_PATTERN = /^[A-Za-z0-9-]+$/;

/** The description names it: import takes lab accounts still PENDING, as well as active ones. */
export const IMPORT_ACCOUNT_STATUSES = ['active', 'pending'] as const;

export const IMPORT_MESSAGES = {
  sampleId: 'Use the letters, digits and dashes of the sample id',
  sampleIdTooLong: `The sample id is at most ${SAMPLE_ID_MAX_LENGTH} characters`,
  sampleIdTaken: 'An order with this sample id already exists',
  accountNotImportable: 'Orders can be imported only into an active or pending lab account',
  nothingToImport: 'Choose the lab tests or markers of the order',
} as const;

function buildImportOrderRequest(today: string) {
  return z
    .object(
      {
        user_id: z.uuid(fieldError(MESSAGES.uuid)),
        billing_type: z.enum(BILLING_TYPES, fieldError(MESSAGES.choice)),
        order_set: orderSetSchema,
        collection_method: z.enum(COLLECTION_METHODS, fieldError(MESSAGES.choice)),
        physician: physicianSchema.nullish(),
        patient_details: patientDetailsSchemaFor(today),
        patient_address: patientAddressSchema,
        sample_id: z
          .string(fieldError(IMPORT_MESSAGES.sampleId))
          .trim()
          .min(1, MESSAGES.required)
          .max(SAMPLE_ID_MAX_LENGTH, IMPORT_MESSAGES.sampleIdTooLong)
          .regex(SAMPLE_ID_PATTERN, IMPORT_MESSAGES.sampleId),
        lab_account_id: z.uuid(fieldError(MESSAGES.uuid)).nullish(),
      },
      fieldError(MESSAGES.object),
    )
    .superRefine((value, ctx) => {
      const set = value.order_set;
      const tests = set.lab_test_ids?.length ?? 0;
      if (tests === 0 && !set.add_on) {
        ctx.addIssue({
          code: 'custom',
          path: ['order_set', 'lab_test_ids'],
          message: IMPORT_MESSAGES.nothingToImport,
        });
      }
      if (tests > 0 && set.add_on) {
        ctx.addIssue({ code: 'custom', path: ['order_set'], message: MESSAGES.testsAndAddOn });
      }
    });
}

/** POST /v3/order/import, judged against a fixed "today" (YYYY-MM-DD). */
export function importOrderRequestSchemaFor(today: string) {
  return buildImportOrderRequest(today);
}
export const importOrderRequestSchema = buildImportOrderRequest(utcToday());
export type ImportOrderRequest = z.output<typeof importOrderRequestSchema>;
export type ImportOrderRequestInput = z.input<typeof importOrderRequestSchema>;

/** Which lab account an import uses: the one named (active or pending), else the only usable one. */
export function resolveImportAccount<T extends { id: string; status: string }>(
  requestedId: string | null | undefined,
  accounts: readonly T[],
): { account: T | null; issue?: { path: string[]; message: string } } {
  const usable = (a: T) => (IMPORT_ACCOUNT_STATUSES as readonly string[]).includes(a.status);
  const path = ['lab_account_id'];
  if (requestedId) {
    const account = accounts.find((a) => a.id.toLowerCase() === requestedId.toLowerCase());
    if (!account) return { account: null, issue: { path, message: MESSAGES.labAccountNotFound } };
    if (!usable(account)) {
      return { account: null, issue: { path, message: IMPORT_MESSAGES.accountNotImportable } };
    }
    return { account };
  }
  if (accounts.length === 0) return { account: null };
  const candidates = accounts.filter(usable);
  if (candidates.length === 1) return { account: candidates[0] ?? null };
  return {
    account: null,
    issue: {
      path,
      message:
        candidates.length === 0
          ? IMPORT_MESSAGES.accountNotImportable
          : MESSAGES.labAccountAmbiguous,
    },
  };
}
