import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChangePublisher } from '../platform/liveChanges/recordChanges';
import type { Database } from '../platform/database/schema';
import { changeOf, type InboxRow } from './inbox';

const BATCH = 200;
const MAX_ATTEMPTS = 5;
/** Stored deliveries nobody processed (a replica stopped right after answering) are swept up. */
const SWEEP_EVERY_MS = 5_000;

/**
 * Works through the inbox after the sender has had its answer. Rows are read inside
 * the publisher's locked transaction, so two replicas never process the same delivery,
 * and each row's change is order-safe on its own (the live room's `LivePublisher`, handed in by `src/bff/app.ts`, applies it).
 */
export class InboxProcessor {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly publisher: ChangePublisher,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    this.timer = setInterval(() => this.kick(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Processes soon; calls while a pass runs fold into one more pass. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.log.error({ err: error }, 'webhook inbox pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Until nothing is due; resolves when the inbox is worked through (tests, the reconciler). */
  async drain(): Promise<void> {
    for (;;) {
      let processed: number;
      try {
        processed = await this.batch();
      } catch (error) {
        this.log.warn({ err: error }, 'webhook batch failed; processing its deliveries one by one');
        processed = await this.oneByOne();
      }
      if (processed < BATCH) return;
    }
  }

  /** Waits for the pass in progress, if any (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async batch(): Promise<number> {
    const { result } = await this.publisher.run(async ({ trx, apply, now }) => {
      const rows = await dueRows(trx, now, BATCH);
      for (const row of rows) {
        const change = changeOf(row);
        if (change) await apply(change);
      }
      if (rows.length > 0) {
        await trx
          .updateTable('webhook_inbox')
          .set((eb) => ({
            state: 'processed',
            processed_at: now,
            attempts: eb('attempts', '+', 1),
            last_error: null,
          }))
          .where(
            'svix_id',
            'in',
            rows.map((r) => r.svix_id),
          )
          .execute();
      }
      return rows.length;
    });
    return result;
  }

  private async oneByOne(): Promise<number> {
    const rows = await dueRows(this.db, Date.now(), BATCH);
    for (const row of rows) {
      try {
        await this.publisher.run(async ({ trx, apply, now }) => {
          const change = changeOf(row);
          if (change) await apply(change);
          await trx
            .updateTable('webhook_inbox')
            .set((eb) => ({
              state: 'processed',
              processed_at: now,
              attempts: eb('attempts', '+', 1),
            }))
            .where('svix_id', '=', row.svix_id)
            .where('state', '=', 'pending')
            .execute();
        });
      } catch (error) {
        await this.recordFailure(row, error);
      }
    }
    return 0;
  }

  private async recordFailure(row: InboxRow, error: unknown) {
    const attempts = row.attempts + 1;
    const message = error instanceof Error ? error.message.slice(0, 300) : 'processing failed';
    this.log.error({ svixId: row.svix_id, attempts, err: error }, 'webhook processing failed');
    await this.db
      .updateTable('webhook_inbox')
      .set({
        attempts,
        last_error: message,
        state: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        // Backs off 2 s, 4 s, 8 s… so a broken row does not hold up the others.
        next_attempt_at: Date.now() + 1000 * 2 ** attempts,
      })
      .where('svix_id', '=', row.svix_id)
      .execute();
  }
}

function dueRows(db: Kysely<Database>, now: number, limit: number): Promise<InboxRow[]> {
  return db
    .selectFrom('webhook_inbox')
    .selectAll()
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('received_at')
    .limit(limit)
    .execute();
}
