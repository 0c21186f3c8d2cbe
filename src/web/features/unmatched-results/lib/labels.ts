import { humanize } from '../../../shared/lib/format';

const DECISIONS: Record<string, string> = {
  match_sample_id: 'Sample ID matches an order',
  match_completed: 'Matches a completed order',
  match_cancelled: 'Matches a cancelled order',
  wrong_collection: 'Wrong collection state',
  wrong_lab: 'Wrong lab',
  multiple_demo_match: 'Several patients match',
  match_sample_id_mismatch_demo: 'Sample ID matches, demographics differ',
  match_demo: 'Demographics match',
  no_match: 'No match',
};

const STATUSES: Record<string, string> = {
  matched: 'Matched',
  pending_customer_review: 'Awaiting our review',
  pending_ops_review: "Escalated to the provider's operations",
  resolved: 'Resolved',
};

/** Unknown codes (the enums are open) read as their words. */
export const describeDecision = (code: string) => DECISIONS[code] ?? humanize(code);
export const describeReviewStatus = (status: string) => STATUSES[status] ?? humanize(status);
export const describeReason = (code: string) => humanize(code);
