import { z } from 'zod';
import {
  BILLING_TYPES,
  COLLECTION_METHODS,
  CONSENT_TYPES,
  ETHNICITIES,
  GENDER_IDENTITIES,
  GENDERS,
  RACES,
  SEXUAL_ORIENTATIONS,
} from './enums';
import { requiresPhysician } from './labAccount';
import { IMAGE_MAX_BYTES, MESSAGES, NAME_MAX_LENGTH, NOTES_MAX_LENGTH } from './messages';

/* Request schemas carry every rule of the description and the facts. The order form
   uses them through zodResolver; the local Lab API answers 422 with the same words.
   Unknown keys are dropped, as the real service ignores them. Cross-field rules are
   issues with the path of the field they concern, and they run even when other
   fields fail, so the form shows every problem at once. */

// ─── Small pieces ────────────────────────────────────────────────────────────

/** A missing value reads "required"; any other wrong value reads `message`. */
export function fieldError(message: string) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined ? MESSAGES.required : message,
  };
}

/** Cross-field refinements run even when some field already failed. */
const ALWAYS = { when: () => true };

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function nonEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

/** Alphanumeric start; letters, digits, `- . , '`; single inner spaces; no accents (docs/lab-api-facts.md §6). */
export const NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9.,'-]| (?=[A-Za-z0-9.,'-]))*$/;
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
/** ICD-10-CM: a letter, a digit, a letter or digit, then optionally a dot and 1 to 4 more. */
export const ICD10_PATTERN = /^[A-Z]\d[0-9A-Z](?:\.?[0-9A-Z]{1,4})?$/;
const PHONE_PATTERN = /^\+?[0-9 ().-]+$/;

export const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN',
  'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH',
  'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT',
  'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'PR', 'VI', 'GU', 'AS', 'MP',
] as const; // prettier-ignore
const US_STATES: ReadonlySet<string> = new Set(US_STATE_CODES);

export const RESPONSIBLE_RELATIONSHIPS = ['Self', 'Spouse', 'Other'] as const;
export type ResponsibleRelationship = (typeof RESPONSIBLE_RELATIONSHIPS)[number];

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;

/** NPI check digit: Luhn over the 80840 prefix plus the first nine digits (CMS). */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(value) && digits >= 7 && digits <= 15;
}

const text = () => z.string(fieldError(MESSAGES.text));
const requiredText = () => text().trim().min(1, MESSAGES.required);
const optionalText = () => text().nullish();
const uuid = () => z.uuid(fieldError(MESSAGES.uuid));
const isoDate = () => z.iso.date(fieldError(MESSAGES.date));
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, fieldError(MESSAGES.choice));
const nonNegativeInteger = () =>
  z.number(fieldError(MESSAGES.integer)).int(MESSAGES.integer).min(0, MESSAGES.nonNegativeInteger);
const integer = () => z.number(fieldError(MESSAGES.integer)).int(MESSAGES.integer);

const email = () =>
  text()
    .trim()
    .pipe(z.email(fieldError(MESSAGES.email)));
const requiredPhone = () =>
  requiredText().refine((v) => v === '' || isPhoneNumber(v), MESSAGES.phone);
const optionalPhone = () =>
  text()
    .trim()
    .refine((v) => v === '' || isPhoneNumber(v), MESSAGES.phone)
    .nullish();

function notes(tooLong: (over: number) => string) {
  return text().max(NOTES_MAX_LENGTH, {
    error: (issue) =>
      tooLong((typeof issue.input === 'string' ? issue.input.length : 0) - NOTES_MAX_LENGTH),
  });
}

/** Patient first and last names: 1 to 50 characters and the lab name rule. */
export const personNameSchema = text()
  .trim()
  .min(1, MESSAGES.required)
  .max(NAME_MAX_LENGTH, MESSAGES.nameLength)
  .regex(NAME_PATTERN, MESSAGES.namePattern);

export const zipSchema = text().trim().regex(ZIP_PATTERN, MESSAGES.zip);

export const stateCodeSchema = text()
  .trim()
  .toUpperCase()
  .refine((v) => US_STATES.has(v), MESSAGES.stateCode);

/** A required phone number: digits with optional +, spaces, dots, dashes, brackets. */
export const phoneNumberSchema = requiredPhone();

export const npiSchema = text().trim().refine(isValidNpi, MESSAGES.npi);

/** Upper-cased before the check, so `e11.9` is accepted and sent as `E11.9`. */
export const icd10CodeSchema = text().trim().toUpperCase().regex(ICD10_PATTERN, MESSAGES.icd10);

// ─── Dates ───────────────────────────────────────────────────────────────────

const DATE_PARTS = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateParts(value: string): [number, number, number] | null {
  const match = DATE_PARTS.exec(value);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Today's date in UTC, YYYY-MM-DD. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Age in whole years on `today`, from date strings only (no time zones involved). */
export function ageOn(dob: string, today: string): number | null {
  const born = dateParts(dob);
  const now = dateParts(today);
  if (!born || !now) return null;
  const [by, bm, bd] = born;
  const [ty, tm, td] = now;
  const beforeBirthday = tm < bm || (tm === bm && td < bd);
  return ty - by - (beforeBirthday ? 1 : 0);
}

export const ADULT_AGE = 18;

/** Under 18 on `today`; the 18th birthday itself is adult. */
export function isMinorOn(dob: string, today: string): boolean {
  const age = ageOn(dob, today);
  return age !== null && age < ADULT_AGE;
}

type Today = () => string;

function assertDate(today: string): string {
  if (!z.iso.date().safeParse(today).success) {
    throw new Error(`today must be a YYYY-MM-DD date, got ${JSON.stringify(today)}`);
  }
  return today;
}

// ─── Addresses and people ────────────────────────────────────────────────────

/** Address (guarantor and responsible person). The description gives no zip pattern here. */
export const addressSchema = z.object(
  {
    first_line: requiredText(),
    second_line: text().nullable().default(''),
    city: requiredText(),
    state: requiredText(),
    zip: requiredText(),
    country: requiredText(),
    access_notes: notes(MESSAGES.accessNotesTooLong).nullish(),
  },
  fieldError(MESSAGES.object),
);

/** PatientAddressWithValidation. */
export const patientAddressSchema = z.object(
  {
    receiver_name: text().trim().default(''),
    first_line: requiredText(),
    second_line: optionalText(),
    city: requiredText(),
    state: requiredText(),
    zip: zipSchema,
    country: requiredText(),
    access_notes: notes(MESSAGES.accessNotesTooLong).nullish(),
    phone_number: optionalPhone(),
  },
  fieldError(MESSAGES.object),
);
export type PatientAddressRequest = z.output<typeof patientAddressSchema>;

/** GuarantorDetails: the medical proxy of a minor. */
export const guarantorSchema = z.object(
  {
    first_name: requiredText(),
    last_name: requiredText(),
    address: addressSchema,
    phone_number: requiredPhone(),
    household_income: nonNegativeInteger().nullish(),
    household_size: nonNegativeInteger().nullish(),
    email: email().nullish(),
  },
  fieldError(MESSAGES.object),
);
export type GuarantorRequest = z.output<typeof guarantorSchema>;

/** PatientDetailsWithValidation, for a given "today" (minor rule, dob not in the future). */
function buildPatientDetails(today: Today) {
  return z
    .object(
      {
        first_name: personNameSchema,
        last_name: personNameSchema,
        dob: isoDate().refine(
          (dob) => !DATE_PARTS.test(dob) || dob <= today(),
          MESSAGES.dobInFuture,
        ),
        gender: choice(GENDERS),
        phone_number: requiredPhone(),
        email: email(),
        medical_proxy: guarantorSchema.nullish(),
        race: choice(RACES).nullish(),
        ethnicity: choice(ETHNICITIES).nullish(),
        sexual_orientation: choice(SEXUAL_ORIENTATIONS).nullish(),
        gender_identity: choice(GENDER_IDENTITIES).nullish(),
        household_income: nonNegativeInteger().nullish(),
        household_size: nonNegativeInteger().nullish(),
      },
      fieldError(MESSAGES.object),
    )
    .superRefine((value: unknown, ctx) => {
      const details = asRecord(value);
      const dob = details?.dob;
      if (typeof dob !== 'string' || isPresent(details?.medical_proxy)) return;
      if (isMinorOn(dob, today())) {
        ctx.addIssue({
          code: 'custom',
          path: ['medical_proxy'],
          message: MESSAGES.medicalProxyRequired,
          input: details?.medical_proxy,
        });
      }
    }, ALWAYS);
}

export function patientDetailsSchemaFor(today: string) {
  const day = assertDate(today);
  return buildPatientDetails(() => day);
}
/** Judged against the current UTC date at each parse. */
export const patientDetailsSchema = buildPatientDetails(() => utcToday());
export type PatientDetailsRequest = z.output<typeof patientDetailsSchema>;

// ─── Physician, insurance, consents, AoE ─────────────────────────────────────

/** Jpeg or Png: base64 content and its content type. */
export const imageSchema = z.object(
  {
    content: z
      .base64(fieldError(MESSAGES.imageContent))
      .max(Math.ceil(IMAGE_MAX_BYTES / 3) * 4, MESSAGES.imageTooLarge),
    content_type: z.enum(IMAGE_CONTENT_TYPES, fieldError(MESSAGES.imageType)),
  },
  fieldError(MESSAGES.object),
);

/** PhysicianCreateRequest. */
export const physicianSchema = z.object(
  {
    first_name: requiredText(),
    last_name: requiredText(),
    npi: npiSchema,
    email: email().nullish(),
    licensed_states: z.array(stateCodeSchema, fieldError(MESSAGES.list)).default([]),
    signature_image: imageSchema.nullish(),
  },
  fieldError(MESSAGES.object),
);
export type PhysicianRequest = z.output<typeof physicianSchema>;

export const responsibleDetailsSchema = z.object(
  {
    first_name: requiredText(),
    last_name: requiredText(),
    address: addressSchema,
    phone_number: requiredPhone(),
    phone_type: text().trim().min(1, MESSAGES.required).default('Mobile'),
  },
  fieldError(MESSAGES.object),
);

/** HealthInsuranceCreateRequest (deprecated, all optional). */
export const healthInsuranceSchema = z
  .object(
    {
      front_image: imageSchema.nullish(),
      back_image: imageSchema.nullish(),
      patient_signature_image: imageSchema.nullish(),
      subjective: optionalText(),
      assessment_plan: optionalText(),
      payor_code: optionalText(),
      insurance_id: optionalText(),
      responsible_relationship: choice(RESPONSIBLE_RELATIONSHIPS).nullish(),
      responsible_details: responsibleDetailsSchema.nullish(),
      diagnosis_codes: z.array(icd10CodeSchema, fieldError(MESSAGES.list)).nullish(),
    },
    fieldError(MESSAGES.object),
  )
  .superRefine((value: unknown, ctx) => {
    const insurance = asRecord(value);
    const relationship = insurance?.responsible_relationship;
    if (relationship !== 'Spouse' && relationship !== 'Other') return;
    if (!isPresent(insurance?.responsible_details)) {
      ctx.addIssue({
        code: 'custom',
        path: ['responsible_details'],
        message: MESSAGES.responsibleDetailsRequired,
        input: insurance?.responsible_details,
      });
    }
  }, ALWAYS);
export type HealthInsuranceRequest = z.output<typeof healthInsuranceSchema>;

export const consentSchema = z.object(
  {
    consentType: choice(CONSENT_TYPES),
    version: text().trim().min(1, MESSAGES.required).default('1.0'),
    timeOfConsent: z.iso.datetime({ offset: true, ...fieldError(MESSAGES.dateTime) }).nullish(),
  },
  fieldError(MESSAGES.object),
);
export type ConsentRequest = z.output<typeof consentSchema>;

export const aoeAnswerSchema = z.object(
  {
    marker_id: integer(),
    question_id: integer(),
    answer: text().trim().min(1, MESSAGES.aoeAnswer),
  },
  fieldError(MESSAGES.object),
);

// ─── Order set ───────────────────────────────────────────────────────────────

/** AddOnOrder: marker ids or provider ids, not both, and at least one marker. */
export const addOnSchema = z
  .object(
    {
      marker_ids: z.array(integer(), fieldError(MESSAGES.list)).nullish(),
      provider_ids: z.array(requiredText(), fieldError(MESSAGES.list)).nullish(),
    },
    fieldError(MESSAGES.object),
  )
  .superRefine((value: unknown, ctx) => {
    const addOn = asRecord(value);
    if (!addOn) return;
    const byMarker = nonEmptyArray(addOn.marker_ids);
    const byProvider = nonEmptyArray(addOn.provider_ids);
    if (byMarker && byProvider) {
      ctx.addIssue({ code: 'custom', path: [], message: MESSAGES.addOnBothIdKinds, input: value });
    } else if (!byMarker && !byProvider) {
      ctx.addIssue({ code: 'custom', path: [], message: MESSAGES.addOnEmpty, input: value });
    }
  }, ALWAYS);

export const orderSetSchema = z.object(
  {
    lab_test_ids: z.array(uuid(), fieldError(MESSAGES.list)).nullish(),
    add_on: addOnSchema.nullish(),
    lab_account_id: uuid().nullish(),
  },
  fieldError(MESSAGES.object),
);
export type OrderSetRequest = z.output<typeof orderSetSchema>;

// ─── Create order ────────────────────────────────────────────────────────────

function buildCreateOrderRequest(today: Today) {
  return z
    .object(
      {
        user_id: uuid(),
        /** Deprecated: prefer order_set. */
        lab_test_id: uuid().nullish(),
        order_set: orderSetSchema.nullish(),
        collection_method: choice(COLLECTION_METHODS).nullish(),
        physician: physicianSchema.nullish(),
        /** Deprecated. */
        health_insurance: healthInsuranceSchema.nullish(),
        priority: z.boolean(fieldError(MESSAGES.boolean)).default(false),
        billing_type: choice(BILLING_TYPES).default('client_bill'),
        icd_codes: z.array(icd10CodeSchema, fieldError(MESSAGES.list)).nullish(),
        consents: z.array(consentSchema, fieldError(MESSAGES.list)).optional(),
        activate_by: isoDate()
          .refine((day) => !DATE_PARTS.test(day) || day >= today(), MESSAGES.activateByPast)
          .nullish(),
        aoe_answers: z.array(aoeAnswerSchema, fieldError(MESSAGES.list)).nullish(),
        passthrough: optionalText(),
        clinical_notes: notes(MESSAGES.clinicalNotesTooLong).nullish(),
        lab_account_id: uuid().nullish(),
        creator_member_id: uuid().nullish(),
        patient_details: buildPatientDetails(today),
        patient_address: patientAddressSchema,
      },
      fieldError(MESSAGES.object),
    )
    .superRefine((value: unknown, ctx) => {
      const order = asRecord(value);
      if (!order) return;
      const orderSet = asRecord(order.order_set);
      const hasTests = nonEmptyArray(orderSet?.lab_test_ids);
      const hasAddOn = isPresent(orderSet?.add_on);
      const hasLabTestId = isPresent(order.lab_test_id);
      const issue = (path: (string | number)[], message: string) => {
        ctx.addIssue({ code: 'custom', path, message, input: value });
      };

      if (hasLabTestId && (hasTests || hasAddOn)) {
        issue(['lab_test_id'], MESSAGES.labTestIdWithOrderSet);
      }
      if (!hasLabTestId && !hasTests && !hasAddOn) {
        issue(['order_set', 'lab_test_ids'], MESSAGES.nothingToOrder);
      }
      if (hasTests && hasAddOn) issue(['order_set'], MESSAGES.testsAndAddOn);
      if (hasAddOn && !isPresent(order.collection_method)) {
        issue(['collection_method'], MESSAGES.addOnNeedsCollectionMethod);
      }
      const setAccount = orderSet?.lab_account_id;
      if (
        typeof setAccount === 'string' &&
        typeof order.lab_account_id === 'string' &&
        setAccount.toLowerCase() !== order.lab_account_id.toLowerCase()
      ) {
        issue(['order_set', 'lab_account_id'], MESSAGES.labAccountConflict);
      }
    }, ALWAYS);
}

/** POST /v3/order, judged against a fixed "today" (YYYY-MM-DD): minors, activate_by, dob. */
export function createOrderRequestSchemaFor(today: string) {
  const day = assertDate(today);
  return buildCreateOrderRequest(() => day);
}

/** POST /v3/order, judged against the current UTC date at each parse. */
export const createOrderRequestSchema = buildCreateOrderRequest(() => utcToday());
export type CreateOrderRequest = z.output<typeof createOrderRequestSchema>;
/** What a form holds before parsing (defaults not yet applied). */
export type CreateOrderRequestInput = z.input<typeof createOrderRequestSchema>;

/** The lab account an order names: the order set's, else the order's own. */
export function requestedLabAccountId(request: {
  lab_account_id?: string | null;
  order_set?: { lab_account_id?: string | null } | null;
}): string | null {
  return request.order_set?.lab_account_id ?? request.lab_account_id ?? null;
}

// ─── Rules that need data the request does not carry ─────────────────────────

export interface ContractIssue {
  path: (string | number)[];
  message: string;
}

export interface OrderCrossCheckContext {
  /** The resolved lab account; null or absent for the platform account. */
  labAccount?: { delegated_flow: string; lab?: string | null } | null;
  /** The lab tests the order names (order_set.lab_test_ids or lab_test_id). */
  labTests: readonly { id: string; method: string; lab: { slug: string } | null }[];
}

export interface OrderCrossCheckRequest {
  physician?: unknown;
  collection_method?: string | null;
  lab_test_id?: string | null;
  order_set?: { lab_test_ids?: readonly string[] | null } | null;
}

/**
 * Rules of POST /v3/order that need the lab account and the lab tests: a physician
 * for delegated accounts, one lab, one collection method (docs/lab-api-facts.md §2 and §6).
 */
export function orderCrossChecks(
  request: OrderCrossCheckRequest,
  context: OrderCrossCheckContext,
): ContractIssue[] {
  const issues: ContractIssue[] = [];
  const testsPath =
    request.order_set?.lab_test_ids && request.order_set.lab_test_ids.length > 0
      ? ['order_set', 'lab_test_ids']
      : ['lab_test_id'];

  const account = context.labAccount;
  if (account && requiresPhysician(account.delegated_flow) && !isPresent(request.physician)) {
    issues.push({ path: ['physician'], message: MESSAGES.physicianRequired });
  }

  const labs = new Set(context.labTests.flatMap((test) => (test.lab ? [test.lab.slug] : [])));
  if (labs.size > 1) {
    issues.push({ path: testsPath, message: MESSAGES.sameLab });
  } else if (account?.lab && labs.size === 1 && !labs.has(account.lab)) {
    issues.push({ path: testsPath, message: MESSAGES.labAccountLabMismatch });
  }

  const methods = new Set(context.labTests.map((test) => test.method));
  if (methods.size > 1) {
    issues.push({ path: testsPath, message: MESSAGES.sameMethod });
  } else {
    const [method] = methods;
    if (method !== undefined && request.collection_method && request.collection_method !== method) {
      issues.push({
        path: ['collection_method'],
        message: MESSAGES.collectionMethodMismatch(method),
      });
    }
  }
  return issues;
}

/**
 * Which lab account an order uses (docs/lab-api-facts.md §6): the one named, else the only active
 * one; no linked account means the platform's (null); several active, or linked
 * accounts none of which is active, is a refusal.
 */
export function resolveLabAccount<T extends { id: string; status: string }>(
  requestedId: string | null | undefined,
  accounts: readonly T[],
): { account: T | null; issue?: ContractIssue } {
  const path = ['lab_account_id'];
  if (requestedId) {
    const account = accounts.find((a) => a.id.toLowerCase() === requestedId.toLowerCase());
    if (!account) return { account: null, issue: { path, message: MESSAGES.labAccountNotFound } };
    if (account.status !== 'active') {
      return { account: null, issue: { path, message: MESSAGES.labAccountNotActive } };
    }
    return { account };
  }
  if (accounts.length === 0) return { account: null };
  const active = accounts.filter((a) => a.status === 'active');
  if (active.length === 1 && active[0]) return { account: active[0] };
  return {
    account: null,
    issue: {
      path,
      message: active.length > 1 ? MESSAGES.labAccountAmbiguous : MESSAGES.labAccountNoneActive,
    },
  };
}
