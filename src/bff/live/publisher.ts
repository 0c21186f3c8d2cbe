import type { Kysely, Transaction } from 'kysely';
import type { LiveEvent } from '../../contract';
import type { Database } from '../platform/database/schema';
import { appendLiveEvents, lockLiveLog, type LiveEventDraft } from './eventLog';
import type { LiveFanout } from './fanout';
import type {
  ChangePublisher,
  ChangeScope,
  RecordChange,
} from '../platform/liveChanges/recordChanges';

/**
 * The one writer of record state and live events. Each unit of work runs in one
 * transaction under the live-log lock: the state moves forward, the event is logged
 * and announced together or not at all, and two replicas never interleave.
 */
export class LivePublisher implements ChangePublisher {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly fanout: LiveFanout,
  ) {}

  async run<T>(
    work: (scope: ChangeScope) => Promise<T>,
  ): Promise<{ result: T; events: LiveEvent[] }> {
    const now = Date.now();
    const outcome = await this.db.transaction().execute(async (trx) => {
      await lockLiveLog(trx);
      const drafts: LiveEventDraft[] = [];
      const result = await work({
        trx,
        now,
        apply: async (change) => {
          const advanced = await advance(trx, change, now);
          if (advanced) {
            drafts.push({
              kind: change.kind,
              recordId: change.recordId,
              orderId: change.orderId ?? null,
              status: change.status ?? null,
            });
          }
          return advanced;
        },
      });
      const events = await appendLiveEvents(trx, drafts, now);
      await this.fanout.inTransaction(trx, events);
      return { result, events };
    });
    this.fanout.afterCommit(outcome.events);
    return outcome;
  }
}

/**
 * Moves a record's known state forward, atomically. With an updated_at, only a newer
 * one wins, so a late, older delivery changes nothing; without one (match reviews),
 * only a different status counts, so a repeat changes nothing either.
 */
async function advance(trx: Transaction<Database>, change: RecordChange, now: number) {
  const occurredAt = change.occurredAt ?? null;
  const status = change.status ?? null;
  const row = await trx
    .insertInto('record_state')
    .values({
      kind: change.kind,
      record_id: change.recordId,
      status,
      updated_at: occurredAt,
      seen_at: now,
    })
    .onConflict((oc) => {
      const target = oc.columns(['kind', 'record_id']);
      if (change.firstOnly) return target.doNothing();
      const update = target.doUpdateSet({
        status: (eb) => eb.ref('excluded.status'),
        updated_at: (eb) => eb.ref('excluded.updated_at'),
        seen_at: (eb) => eb.ref('excluded.seen_at'),
      });
      if (occurredAt !== null) {
        return update.where((eb) =>
          eb.or([
            eb('record_state.updated_at', 'is', null),
            eb('record_state.updated_at', '<', occurredAt),
          ]),
        );
      }
      if (status !== null) {
        return update.where((eb) =>
          eb.or([eb('record_state.status', 'is', null), eb('record_state.status', '!=', status)]),
        );
      }
      return update;
    })
    .returning('kind')
    .executeTakeFirst();
  return row !== undefined;
}
