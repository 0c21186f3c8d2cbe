import type { LabWebhookEventType } from '../../contract/webhooks';
import type { SandboxDb } from '../store/database';
import { findOrder } from '../store/orders';
import type { ParsingJobDocument } from '../store/parsingJobs';
import type { UnmatchedResultDocument } from '../store/unmatchedResults';
import { writeMessage } from './outbox';

/*
 * What each change announces (docs/lab-api-facts.md §12). Called where the change is made, after its
 * writes, so the data is the state the change produced: an order event carries the
 * ClientFacingOrder exactly as GET /v3/order/{id} answers at that moment.
 */

async function clientUserId(db: SandboxDb, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('lab_user')
    .select('client_user_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.client_user_id;
}

async function userIds(db: SandboxDb, userId: string) {
  const client = await clientUserId(db, userId);
  return { user_id: userId, ...(client ? { client_user_id: client } : {}) };
}

export type OrderEventType = Extract<
  LabWebhookEventType,
  'labtest.order.created' | 'labtest.order.updated'
>;

/** `labtest.order.created` on creation, `labtest.order.updated` on every later status change. */
export async function announceOrder(
  db: SandboxDb,
  teamId: string,
  orderId: string,
  eventType: OrderEventType,
): Promise<void> {
  const order = await findOrder(db, teamId, orderId);
  if (!order) return;
  await writeMessage(db, {
    event_type: eventType,
    data: order,
    team_id: order.team_id,
    ...(await userIds(db, order.user_id)),
  });
}

/** `labtest.result.critical`: results with a critical interpretation arrived. */
export async function announceCriticalResult(
  db: SandboxDb,
  order: { id: string; team_id: string; user_id: string; sample_id: string | null },
  result: { status: 'final' | 'partial'; interpretation: string; at: string },
): Promise<void> {
  await writeMessage(db, {
    event_type: 'labtest.result.critical',
    data: {
      order_id: order.id,
      sample_id: order.sample_id,
      status: result.status,
      interpretation: result.interpretation,
      team_id: order.team_id,
      user_id: order.user_id,
      created_at: result.at,
      updated_at: result.at,
    },
    team_id: order.team_id,
    ...(await userIds(db, order.user_id)),
  });
}

/** `labtest.appointment.created|updated`: data is the appointment as GET answers it. */
export async function announceAppointment(
  db: SandboxDb,
  teamId: string,
  appointment: { user_id?: unknown } & Record<string, unknown>,
  change: 'created' | 'updated',
): Promise<void> {
  const userId = typeof appointment.user_id === 'string' ? appointment.user_id : undefined;
  await writeMessage(db, {
    event_type:
      change === 'created' ? 'labtest.appointment.created' : 'labtest.appointment.updated',
    data: appointment,
    team_id: teamId,
    ...(userId ? await userIds(db, userId) : {}),
  });
}

/** `labtest.match_review.created|updated`: only event_type, team_id and data (docs/lab-api-facts.md §12 [X]). */
export async function announceMatchReview(
  db: SandboxDb,
  review: UnmatchedResultDocument,
  change: 'created' | 'updated',
): Promise<void> {
  await writeMessage(db, {
    event_type:
      change === 'created' ? 'labtest.match_review.created' : 'labtest.match_review.updated',
    data: {
      id: review.id,
      status: review.status,
      decision_code: review.decision_code,
      sub_reason_codes: review.sub_reason_codes,
      resolution_action: review.resolution_action,
      resolved_user_id: review.resolved_user_id,
      resolved_order_id: review.resolved_order_id,
    },
    team_id: review.team_id,
  });
}

/** `lab_report.parsing_job.created|updated`: data is the ParsingJob as GET answers it. */
export async function announceParsingJob(
  db: SandboxDb,
  teamId: string,
  job: ParsingJobDocument,
  change: 'created' | 'updated',
): Promise<void> {
  await writeMessage(db, {
    event_type:
      change === 'created' ? 'lab_report.parsing_job.created' : 'lab_report.parsing_job.updated',
    data: job,
    team_id: teamId,
  });
}
