import * as v from 'valibot';
import {
  MATCH_DECISION_CODES,
  MATCH_REVIEW_STATUSES,
} from '../../../../contract/unmatchedResultCodes';
import { isoDay, lenient, text } from '../../../shared/lib/searchParams';

/** The queue's filters in the URL: short names, each optional; bad values are dropped. */
export const queueSearchSchema = v.object({
  status: lenient(v.picklist(MATCH_REVIEW_STATUSES)),
  decision: lenient(v.picklist(MATCH_DECISION_CODES)),
  lab: lenient(text(100)),
  from: lenient(isoDay),
  to: lenient(isoDay),
  q: lenient(text(200)),
  cursor: lenient(text(500)),
});
export type QueueSearch = v.InferOutput<typeof queueSearchSchema>;
