import type { Transaction } from 'kysely';
import type { LiveEvent, LiveEventKind } from '../../../contract';
import type { Database } from '../database/schema';

/*
 * The port between what learns of changes (webhooks, reconciliation) and what announces
 * them (live events). Both rooms depend on this shape and neither on the other: the
 * composition root (`src/bff/app.ts`) hands the live room's publisher to the webhooks room.
 */

/** What the console learned about one record, from a webhook or from reconciliation. */
export interface RecordChange {
  kind: LiveEventKind;
  recordId: string;
  orderId?: string | null;
  /** A status word (never a value), shown at once by lists before they refetch. */
  status?: string | null;
  /** The record's own updated_at (epoch ms): what orders deliveries that arrive shuffled. */
  occurredAt?: number | null;
  /** Announce only when the record was never seen (a critical result found by reconciliation). */
  firstOnly?: boolean;
}

export interface ChangeScope {
  trx: Transaction<Database>;
  now: number;
  /** Records the change if it is newer than what is known; true when it was. */
  apply: (change: RecordChange) => Promise<boolean>;
}

/** Runs a unit of work whose applied changes are logged and announced together, or not at all. */
export interface ChangePublisher {
  run<T>(work: (scope: ChangeScope) => Promise<T>): Promise<{ result: T; events: LiveEvent[] }>;
}
