import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../platform/database/schema';
import type { ChangePublisher, RecordChange } from '../platform/liveChanges/recordChanges';

/**
 * Opens an escalation for a critical result in the transaction that records it, so a
 * critical the console has learned of always has one (a crash loses neither or both).
 * A redelivery, or the reconciler finding a critical already known, changes no record
 * and opens nothing; an escalation still open for the order goes on for the new one.
 */
async function openEscalation(trx: Transaction<Database>, change: RecordChange, now: number) {
  const open = await trx
    .selectFrom('critical_escalation')
    .select('id')
    .where('order_id', '=', change.recordId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  if (open) return false;
  const inserted = await trx
    .insertInto('critical_escalation')
    .values({
      id: randomUUID(),
      order_id: change.recordId,
      critical_at: change.occurredAt ?? now,
      detected_at: now,
      team_id: null,
      result_version: null,
      state: 'open',
      next_step_at: now,
      stopped_at: null,
      stop_reason: null,
      stopped_by: null,
      last_error: null,
    })
    .onConflict((oc) => oc.columns(['order_id', 'critical_at']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The publisher the webhooks room is handed: the live room's, plus an escalation for
 * each critical result it records. `opened` runs after the commit, to start the first
 * notice at once rather than at the job's next tick.
 */
export function watchCriticals(inner: ChangePublisher, opened: () => void): ChangePublisher {
  return {
    async run(work) {
      const seen = { opened: false };
      const outcome = await inner.run((scope) =>
        work({
          ...scope,
          apply: async (change) => {
            const advanced = await scope.apply(change);
            if (advanced && change.kind === 'critical_result') {
              if (await openEscalation(scope.trx, change, scope.now)) seen.opened = true;
            }
            return advanced;
          },
        }),
      );
      if (seen.opened) opened();
      return outcome;
    },
  };
}
