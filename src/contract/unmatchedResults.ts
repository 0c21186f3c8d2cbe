import { z } from 'zod';
import { GENDERS, INTERPRETATIONS, openEnum } from './enums';
import { MATCH_DECISION_CODES, MATCH_REVIEW_STATUSES } from './unmatchedResultCodes';

/* Unmatched results (docs/lab-api-facts.md §9, closed beta): lab results that matched no order. */

export {
  MATCH_DECISION_CODES,
  MATCH_REVIEW_STATUSES,
  type MatchDecisionCode,
  type MatchReviewStatus,
} from './unmatchedResultCodes';

export const RESOLUTION_ACTIONS = ['accept', 'reject', 'unsure'] as const;
export type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];
/** `resolve` takes the two actions that do not link the result to an order. */
export const RESOLVE_ACTIONS = ['reject', 'unsure'] as const;

export const CANDIDATE_TYPES = ['provenance_order', 'order_option'] as const;
export const CONFIDENCE_LEVELS = ['high', 'medium', 'low'] as const;
export const CANDIDATE_REASON_CODES = [
  'sample_id_match',
  'lab_account_mismatch',
  'matched_completed_order',
  'matched_cancelled_order',
  'invalid_collection_state',
  'demographic_match',
  'demographic_mismatch',
  'possible_wrong_lab',
  'same_lab',
  'same_user',
  'marker_overlap_exact',
  'marker_overlap_partial',
  'marker_overlap_none',
] as const;
export type CandidateReasonCode = (typeof CANDIDATE_REASON_CODES)[number];

export const UNMATCHED_RESULTS_PAGE_SIZE_DEFAULT = 50;
export const UNMATCHED_RESULTS_PAGE_SIZE_MAX = 100;
export const UNMATCHED_RESULT_NOTE_MAX = 1000;

export const matchCandidateSchema = z.looseObject({
  candidate_type: openEnum(CANDIDATE_TYPES),
  order_id: z.string().nullish(),
  order_transaction_id: z.string().nullish(),
  last_status: z.string().nullish(),
  confidence_level: openEnum(CONFIDENCE_LEVELS),
  confidence_score: z.number().nullish(),
  reasons: z.array(openEnum(CANDIDATE_REASON_CODES)).default([]),
  /** The share of the result's markers the candidate ordered, and which ones. */
  marker_overlap: z.unknown().optional(),
  /** Free-form context about the candidate's status (e.g. why it cannot take results). */
  status_context: z.unknown().optional(),
});
export type MatchCandidate = z.infer<typeof matchCandidateSchema>;

export const candidateGroupSchema = z.looseObject({
  user_id: z.string().nullish(),
  candidates: z.array(matchCandidateSchema).default([]),
});
export type CandidateGroup = z.infer<typeof candidateGroupSchema>;

export const unmatchedResultSchema = z.looseObject({
  id: z.string(),
  status: openEnum(MATCH_REVIEW_STATUSES),
  decision_code: openEnum(MATCH_DECISION_CODES),
  sub_reason_codes: z.array(z.string()).default([]),
  reason: z.string().nullish(),
  patient: z
    .looseObject({
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      dob: z.string().nullish(),
      gender: openEnum(GENDERS).nullish(),
    })
    .nullish(),
  lab: z.looseObject({ id: z.number().int(), name: z.string(), slug: z.string() }),
  /* Optional lists in the document: absent reads as empty. */
  markers: z
    .array(z.looseObject({ provider_id: z.string().nullish(), name: z.string().nullish() }))
    .default([]),
  interpretation: openEnum(INTERPRETATIONS).nullish(),
  result_status: z.string().nullish(),
  note: z.string().nullish(),
  resolution_action: z.string().nullish(),
  resolved_user_id: z.string().nullish(),
  resolved_order_id: z.string().nullish(),
  allowed_actions: z.array(openEnum(RESOLUTION_ACTIONS)).default([]),
  candidate_groups: z.array(candidateGroupSchema).default([]),
  created_at: z.string(),
  updated_at: z.string(),
  reviewed_at: z.string().nullish(),
});
export type UnmatchedResult = z.infer<typeof unmatchedResultSchema>;

export const unmatchedResultsPageSchema = z.looseObject({
  data: z.array(unmatchedResultSchema).default([]),
  next_cursor: z.string().nullish(),
  total: z.number().int(),
});
export type UnmatchedResultsPage = z.infer<typeof unmatchedResultsPageSchema>;

const utcDate = z.iso.date();

/** `GET /v3/unmatched_result` (docs/lab-api-facts.md §9): cursor paging; resolved ones only when asked for. */
export const unmatchedResultsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(UNMATCHED_RESULTS_PAGE_SIZE_MAX)
    .default(UNMATCHED_RESULTS_PAGE_SIZE_DEFAULT),
  next_cursor: z.string().max(500).optional(),
  decision_code: z.enum(MATCH_DECISION_CODES).optional(),
  lab_slug: z.string().max(100).optional(),
  status: z.enum(MATCH_REVIEW_STATUSES).optional(),
  /** UTC dates, both ends inclusive. */
  created_at_start: utcDate.optional(),
  created_at_end: utcDate.optional(),
  /** A name or a date of birth (YYYY-MM-DD). */
  search_input: z.string().max(200).optional(),
});
export type UnmatchedResultsQuery = z.input<typeof unmatchedResultsQuerySchema>;

/* Bodies as the real service takes them: unknown members ignored, nullable members null. */

const note = z.string().max(UNMATCHED_RESULT_NOTE_MAX).nullish();

/** `POST …/{id}/accept`: a patient and/or an order of the candidates. */
export const acceptUnmatchedResultSchema = z.object({
  user_id: z.guid().nullish(),
  order_id: z.guid().nullish(),
  note,
});
export type AcceptUnmatchedResult = z.infer<typeof acceptUnmatchedResultSchema>;

/** `POST …/{id}/resolve`: reject ends the review, unsure escalates to the provider's ops. */
export const resolveUnmatchedResultSchema = z.object({
  action: z.enum(RESOLVE_ACTIONS),
  note,
});
export type ResolveUnmatchedResult = z.infer<typeof resolveUnmatchedResultSchema>;

export const UNMATCHED_RESULT_NOT_FOUND_DETAIL = 'Unmatched result not found or not reviewable';
export const UNMATCHED_RESULTS_NOT_ENABLED_DETAIL =
  'Unmatched result review is a closed beta feature that is not enabled for this team.';
