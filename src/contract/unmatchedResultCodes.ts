/* Where an unmatched result stands and what decided it (docs/lab-api-facts.md §9): plain constants, read by
   the review queue's search params on the first screen without loading zod. */

export const MATCH_REVIEW_STATUSES = [
  'matched',
  'pending_customer_review',
  'pending_ops_review',
  'resolved',
] as const;
export type MatchReviewStatus = (typeof MATCH_REVIEW_STATUSES)[number];

export const MATCH_DECISION_CODES = [
  'match_sample_id',
  'match_completed',
  'match_cancelled',
  'wrong_collection',
  'wrong_lab',
  'multiple_demo_match',
  'match_sample_id_mismatch_demo',
  'match_demo',
  'no_match',
] as const;
export type MatchDecisionCode = (typeof MATCH_DECISION_CODES)[number];
