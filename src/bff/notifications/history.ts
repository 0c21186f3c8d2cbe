import type { Kysely } from 'kysely';
import type { ResultEscalation } from '../../contract/notifications';
import type { Database } from '../platform/database/schema';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * What was done about an order's critical results: each escalation, its notices and how
 * it stopped ("notified Dr X at 14:02, escalated to on-call at 14:32, acknowledged 14:40").
 */
export async function escalationsOf(
  db: Kysely<Database>,
  orderId: string,
): Promise<ResultEscalation[]> {
  const escalations = await db
    .selectFrom('critical_escalation')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('detected_at')
    .execute();
  if (escalations.length === 0) return [];
  const notices = await db
    .selectFrom('critical_notice')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('recipient')
    .execute();
  return escalations.map((e) => ({
    started_at: new Date(e.detected_at).toISOString(),
    state: e.state,
    tier: e.tier,
    next_step_at: iso(e.next_step_at),
    stopped_at: iso(e.stopped_at),
    stop_reason: e.stop_reason,
    stopped_by: e.stopped_by,
    notices: notices
      .filter((n) => n.escalation_id === e.id)
      .map((n) => ({
        tier: n.tier,
        recipient: n.recipient,
        recipient_name: n.recipient_name,
        state: n.state,
        at: new Date(n.settled_at ?? n.created_at).toISOString(),
        error: n.error,
      })),
  }));
}
