import { randomUUID } from 'node:crypto';
import { announceMatchReview } from '../webhooks/announce';
import type { SandboxDb } from './database';
import { insertUnmatchedResult, type UnmatchedResultDocument } from './unmatchedResults';

/*
 * A result the lab could not match arrives (docs/lab-api-facts.md §9). The Lab API has no request that
 * makes one, so the local one offers it to tests and demos: a copy of a seeded result
 * still awaiting the team's review, new id and time, announced as
 * `labtest.match_review.created` as the real service announces a customer-reviewable one.
 */
export async function unmatchedResultArrives(
  db: SandboxDb,
  teamId: string,
  now: Date,
): Promise<UnmatchedResultDocument> {
  const rows = await db
    .selectFrom('unmatched_result')
    .select('document')
    .where('team_id', '=', teamId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const template = rows
    .map((row) => JSON.parse(row.document) as UnmatchedResultDocument)
    .find((doc) => doc.candidate_groups.some((g) => g.candidates.some((c) => c.order_id)));
  if (!template) throw new Error('no unmatched result with candidates to copy');
  const at = now.toISOString();
  const arrived: UnmatchedResultDocument = {
    ...template,
    id: randomUUID(),
    status: 'pending_customer_review',
    note: null,
    resolution_action: null,
    resolved_user_id: null,
    resolved_order_id: null,
    allowed_actions: ['accept', 'reject', 'unsure'],
    created_at: at,
    updated_at: at,
    reviewed_at: null,
  };
  await insertUnmatchedResult(db, arrived);
  await announceMatchReview(db, arrived, 'created');
  return arrived;
}
