import { z } from 'zod';
import { CLIENT_USER_ID_MAX_LENGTH, MESSAGES } from './messages';
import { fieldError } from './orderRequest';

/** Data of a deleted user is erased after this many days; until then deletion can be undone. */
export const USER_DELETION_GRACE_DAYS = 7;
export const USERS_PAGE_LIMIT_MAX = 500;
export const USERS_PAGE_LIMIT_DEFAULT = 100;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** POST /v2/user (docs/lab-api-facts.md §10). Idempotent on client_user_id: a taken one answers 400. */
export const createUserRequestSchema = z.object(
  {
    client_user_id: z
      .string(fieldError(MESSAGES.text))
      .trim()
      .min(1, MESSAGES.clientUserIdLength)
      .max(CLIENT_USER_ID_MAX_LENGTH, MESSAGES.clientUserIdLength),
    /** IANA time zone used when no provider gives one. */
    fallback_time_zone: z
      .string(fieldError(MESSAGES.text))
      .trim()
      .refine(isTimeZone, MESSAGES.timeZone)
      .nullish(),
    fallback_birth_date: z.iso.date(fieldError(MESSAGES.date)).nullish(),
    ingestion_start: z.iso.date(fieldError(MESSAGES.date)).nullish(),
    ingestion_end: z.iso.date(fieldError(MESSAGES.date)).nullish(),
  },
  fieldError(MESSAGES.object),
);
export type CreateUserRequest = z.output<typeof createUserRequestSchema>;

/** GET /v2/user paging: offset from 0, limit up to 500 (default 100). */
export const usersQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(USERS_PAGE_LIMIT_MAX).default(USERS_PAGE_LIMIT_DEFAULT),
});

/** POST /v2/user/undo_delete: by user_id or by client_user_id, exactly one. */
export const undoDeleteUserQuerySchema = z
  .object({
    user_id: z.uuid(fieldError(MESSAGES.uuid)).optional(),
    client_user_id: z.string(fieldError(MESSAGES.text)).min(1, MESSAGES.required).optional(),
  })
  .refine(
    (query) => (query.user_id === undefined) !== (query.client_user_id === undefined),
    MESSAGES.undoDeleteTarget,
  );

/* Responses: tolerant. */

export const connectedSourceSchema = z.looseObject({
  provider: z.looseObject({
    name: z.string(),
    slug: z.string(),
    logo: z.string().nullish(),
  }),
  created_on: z.string(),
  /** Deprecated. */
  source: z.unknown().optional(),
});

export const userSchema = z.looseObject({
  user_id: z.uuid(),
  team_id: z.uuid(),
  client_user_id: z.string(),
  created_on: z.string(),
  connected_sources: z.array(connectedSourceSchema).default([]),
  fallback_time_zone: z
    .looseObject({
      id: z.string(),
      source_slug: z.string().nullish(),
      updated_at: z.string().nullish(),
    })
    .nullish(),
  fallback_birth_date: z
    .looseObject({
      value: z.string(),
      source_slug: z.string().nullish(),
      updated_at: z.string().nullish(),
    })
    .nullish(),
  ingestion_start: z.string().nullish(),
  ingestion_end: z.string().nullish(),
});
export type User = z.infer<typeof userSchema>;

export const usersPageSchema = z.looseObject({
  users: z.array(userSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type UsersPage = z.infer<typeof usersPageSchema>;

export const deleteUserResponseSchema = z.looseObject({ success: z.boolean() });
