import { z } from 'zod';

/** 422, pydantic style. The spec leaves `detail` untyped, so a plain string also occurs. */
export const validationIssueSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
  input: z.unknown().optional(),
  ctx: z.record(z.string(), z.unknown()).optional(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/**
 * The document leaves `detail` untyped and optional: a list of issues or a plain string
 * are read; anything else (or nothing) reads as no detail.
 */
export const validationErrorSchema = z.looseObject({
  detail: z
    .union([z.array(validationIssueSchema), z.string()])
    .optional()
    .catch(undefined),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** 400 from create user when the client_user_id is taken. */
export const userConflictErrorSchema = z.looseObject({
  detail: z.looseObject({
    error_type: z.string(),
    error_message: z.string(),
    user_id: z.uuid(),
    created_on: z.string(),
  }),
});

/** 400 when a transition (such as a cancel) is not allowed. */
export const transitionErrorSchema = z.looseObject({
  error: z.string(),
  message: z.string(),
  status_code: z.number().int(),
});

/** 404 and most other refusals: `{detail: "..."}`. */
export const detailErrorSchema = z.looseObject({ detail: z.string() });

/**
 * A closed-beta feature the team is not enabled for answers a JSON error whose
 * status is not fixed; its body carries a `detail` string or object.
 */
export const closedBetaErrorSchema = z.looseObject({
  detail: z.union([
    z.string(),
    z.looseObject({ error_type: z.string().optional(), error_message: z.string().optional() }),
  ]),
});

/** RFC 9457 problem details: what the BFF itself answers when it refuses or fails. */
export const problemSchema = z.looseObject({
  type: z.string().default('about:blank'),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const NOT_FOUND_DETAIL = {
  order: "This order doesn't exist",
  labAccount: 'Lab account not found',
  route: 'Not Found',
} as const;

export const UNAUTHORIZED_DETAIL = 'Invalid or missing API key';
