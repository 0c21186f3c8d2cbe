import { z } from 'zod';
import { MATCH_DECISION_CODES, MATCH_REVIEW_STATUSES } from '../../../../contract/unmatchedResults';

/** The queue's filters in the URL: short names, each optional; bad values are dropped. */
export const queueSearchSchema = z.object({
  status: z.enum(MATCH_REVIEW_STATUSES).optional().catch(undefined),
  decision: z.enum(MATCH_DECISION_CODES).optional().catch(undefined),
  lab: z.string().max(100).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  q: z.string().max(200).optional().catch(undefined),
  cursor: z.string().max(500).optional().catch(undefined),
});
export type QueueSearch = z.infer<typeof queueSearchSchema>;
