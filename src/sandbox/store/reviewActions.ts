import { randomUUID } from 'node:crypto';
import type { AcceptUnmatchedResult, ResolveUnmatchedResult } from '../../contract';
import type { SandboxDb } from './database';
import type { OrderDocument } from './orderDocument';
import { findOrder, insertOrder } from './orders';
import { saveUnmatchedResult, toResponse, type UnmatchedResultDocument } from './unmatchedResults';
import { announceMatchReview, announceOrder } from '../webhooks/announce';

/* What accept and resolve do to an unmatched result (docs/lab-api-facts.md §9). */

/** A request the result cannot take: answered 422 with a text detail. */
export class InconsistentReviewError extends Error {}

/** An order that can no longer take results: the result goes to a recreated order. */
const FINISHED = new Set(['completed', 'corrected', 'cancelled', 'do_not_process']);

function closeReview(
  doc: UnmatchedResultDocument,
  now: string,
  change: Partial<UnmatchedResultDocument>,
): UnmatchedResultDocument {
  return { ...doc, ...change, allowed_actions: [], updated_at: now, reviewed_at: now };
}

export async function resolveUnmatchedResult(
  db: SandboxDb,
  doc: UnmatchedResultDocument,
  body: ResolveUnmatchedResult,
  now: Date,
) {
  if (!doc.allowed_actions.includes(body.action)) {
    throw new InconsistentReviewError(`The action ${body.action} is not allowed for this result.`);
  }
  const updated = closeReview(doc, now.toISOString(), {
    // Unsure escalates to the provider's operations; reject ends the review.
    status: body.action === 'unsure' ? 'pending_ops_review' : 'resolved',
    resolution_action: body.action,
    note: body.note ?? doc.note,
  });
  await saveUnmatchedResult(db, updated);
  await announceMatchReview(db, updated, 'updated');
  return toResponse(updated);
}

/**
 * Accepts a candidate: an order still waiting for results takes the result as it is;
 * a finished one (completed, cancelled) gets a new order of origin `recreation` in the
 * same order transaction. Patient only: a recreation of that patient's candidate order.
 */
export async function acceptUnmatchedResult(
  db: SandboxDb,
  teamId: string,
  doc: UnmatchedResultDocument,
  body: AcceptUnmatchedResult,
  now: Date,
) {
  if (!doc.allowed_actions.includes('accept')) {
    throw new InconsistentReviewError('Accepting is not allowed for this result.');
  }
  if (!body.order_id && !body.user_id) {
    throw new InconsistentReviewError('Give the order or the patient the result belongs to.');
  }
  const groups = doc.candidate_groups.filter((g) => !body.user_id || g.user_id === body.user_id);
  const candidates = groups.flatMap((g) => g.candidates.filter((c) => c.order_id));
  const chosen = body.order_id
    ? candidates.find((c) => c.order_id === body.order_id)
    : candidates[0];
  if (!chosen?.order_id) {
    throw new InconsistentReviewError('The order or patient is not a candidate of this result.');
  }

  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('lab_order')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', chosen.order_id ?? '')
      .executeTakeFirst();
    if (!row) throw new InconsistentReviewError('The candidate order no longer exists.');

    const at = now.toISOString();
    let orderId = row.id;
    if (!body.order_id || FINISHED.has(row.low_level_status)) {
      const parent = JSON.parse(row.document) as OrderDocument;
      orderId = randomUUID();
      await insertOrder(trx, {
        document: {
          ...parent,
          id: orderId,
          created_at: at,
          updated_at: at,
          origin: 'recreation',
          parent_id: row.id,
          sample_id: null,
          interpretation: doc.interpretation,
        },
        labTestId: row.lab_test_id,
        method: row.method,
        orderTransactionId: row.order_transaction_id,
        events: [
          { created_at: at, status: `received.${row.method}.ordered`, status_detail: null },
          { created_at: at, status: `completed.${row.method}.completed`, status_detail: null },
        ],
      });
      if (row.order_transaction_id) {
        // The transaction's newest order has finished (sandbox README: transactions).
        await trx
          .updateTable('order_transaction')
          .set({ status: 'completed', updated_at: at })
          .where('id', '=', row.order_transaction_id)
          .execute();
      }
    }
    const reviewed = closeReview(doc, at, {
      status: 'resolved',
      resolution_action: 'accept',
      note: body.note ?? doc.note,
      resolved_order_id: orderId,
      resolved_user_id: row.user_id,
    });
    await saveUnmatchedResult(trx, reviewed);
    if (orderId !== row.id) await announceOrder(trx, teamId, orderId, 'labtest.order.created');
    await announceMatchReview(trx, reviewed, 'updated');
    const order = await findOrder(trx, teamId, orderId);
    if (!order) throw new Error(`order ${orderId} vanished`);
    return order;
  });
}
