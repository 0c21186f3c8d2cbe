import { z } from 'zod';
import {
  ETHNICITIES,
  GENDER_IDENTITIES,
  GENDERS,
  openEnum,
  RACES,
  SEXUAL_ORIENTATIONS,
} from './enums';
import { MESSAGES } from './messages';
import {
  addressSchema,
  fieldError,
  guarantorSchema,
  personNameSchema,
  phoneNumberSchema,
} from './orderRequest';

/*
 * A patient's demographics (the document's UserInfo): `GET /v2/user/{user_id}/info/latest`
 * and `PATCH /v2/user/{user_id}/info`. The users list carries no names; these do. The Lab
 * API keeps them filled from the patient details of each order placed for the user.
 */

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, fieldError(MESSAGES.choice));

/** UserInfoCreateRequest: names, date of birth, sex, contact and address are all required. */
export const userInfoRequestSchema = z.object(
  {
    first_name: personNameSchema,
    last_name: personNameSchema,
    email: z
      .string(fieldError(MESSAGES.text))
      .trim()
      .pipe(z.email(fieldError(MESSAGES.email))),
    phone_number: phoneNumberSchema,
    gender: choice(GENDERS),
    dob: z.iso.date(fieldError(MESSAGES.date)),
    address: addressSchema,
    medical_proxy: guarantorSchema.nullish(),
    race: choice(RACES).nullish(),
    ethnicity: choice(ETHNICITIES).nullish(),
    sexual_orientation: choice(SEXUAL_ORIENTATIONS).nullish(),
    gender_identity: choice(GENDER_IDENTITIES).nullish(),
  },
  fieldError(MESSAGES.object),
);
export type UserInfoRequest = z.output<typeof userInfoRequestSchema>;

/** UserInfo, read tolerantly: only names and date of birth drive the display. */
export const userInfoSchema = z.looseObject({
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string(),
  email: z.string().nullish(),
  phone_number: z.string().nullish(),
  gender: z.string().nullish(),
  address: z
    .looseObject({
      first_line: z.string(),
      second_line: z.string().nullish(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      country: z.string(),
      access_notes: z.string().nullish(),
    })
    .nullish(),
  medical_proxy: z.looseObject({}).nullish(),
  race: openEnum(RACES).nullish(),
  ethnicity: openEnum(ETHNICITIES).nullish(),
  sexual_orientation: openEnum(SEXUAL_ORIENTATIONS).nullish(),
  gender_identity: openEnum(GENDER_IDENTITIES).nullish(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/*
 * The console's own patient directory (BFF, not the Lab API): names for a page of
 * patients in one request, and a search that says what it covers. A patient without
 * demographics is simply absent from the names: the Lab API answers 404 for them.
 */
export const PATIENT_NAMES_PATH = '/api/patients/names';
export const PATIENT_SEARCH_PATH = '/api/patients/search';
/** Names asked for at once: one page of the patients list. */
export const PATIENT_NAMES_MAX = 100;

export const patientNameSchema = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string(),
});
export type PatientName = z.infer<typeof patientNameSchema>;

export const patientNamesResponseSchema = z.object({ patients: z.array(patientNameSchema) });

export const patientSearchHitSchema = z.object({
  user_id: z.string(),
  client_user_id: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  dob: z.string().nullable(),
  /** How it was found: its exact client user id, or the patient named on one of its orders. */
  found_by: z.enum(['client_user_id', 'order']),
});
export type PatientSearchHit = z.infer<typeof patientSearchHitSchema>;

export const patientSearchResponseSchema = z.object({ patients: z.array(patientSearchHitSchema) });
