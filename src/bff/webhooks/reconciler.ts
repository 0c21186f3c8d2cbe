import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ORDERS_PAGE_SIZE_MAX } from '../../contract';
import type { ChangePublisher, RecordChange } from '../platform/liveChanges/recordChanges';
import type { LabApiClient } from '../platform/labApi/upstream';
import { appendAudit } from '../platform/audit/audit';
import { JobLock } from '../platform/database/jobLock';
import type { Database } from '../platform/database/schema';
import type { InboxProcessor } from './processor';

const CURSOR = 'reconcile.orders';
/**
 * Each pass looks this far behind its last point: an order the Lab API changed just
 * before the last pass may have been committed there after it. Re-reading is harmless:
 * a change already known announces nothing.
 */
const OVERLAP_MS = 60_000;
/** One pass reads at most this many pages; the next pass goes on from where it stopped. */
const MAX_PAGES = 50;

/** Only what reconciliation compares: ids, status words, times. */
const listedOrderSchema = z.looseObject({
  id: z.string(),
  updated_at: z.string(),
  status: z.string().nullish(),
  last_event: z.looseObject({ status: z.string() }).nullish(),
  interpretation: z.string().nullish(),
});
const ordersPageSchema = z.looseObject({
  orders: z.array(listedOrderSchema),
  total: z.number(),
});

export interface ReconcileOutcome {
  /** False when another replica holds the job's lock (or a pass is already running here). */
  ran: boolean;
  ordersRead: number;
  announced: number;
}

/**
 * Nothing lost: webhooks can be dropped (the BFF down longer than the retries, an
 * endpoint disabled), so this job reads the orders the Lab API changed since its last
 * processed point (the orders list's updated-at filter) and feeds them through the same
 * order-safe path as webhooks. On PostgreSQL one replica at a time runs it (a session
 * advisory lock); with SQLite there is one process.
 */
export class Reconciler {
  private timer: NodeJS.Timeout | null = null;
  private readonly lock: JobLock;

  constructor(
    private readonly opts: {
      db: Kysely<Database>;
      client: LabApiClient;
      publisher: ChangePublisher;
      processor: InboxProcessor;
      log: FastifyBaseLogger;
      intervalMs: number;
    },
  ) {
    this.lock = new JobLock(opts.db, 'reconcile');
  }

  start() {
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) =>
        this.opts.log.error({ err: error }, 'reconciliation pass failed'),
      );
    }, this.opts.intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async runOnce(): Promise<ReconcileOutcome> {
    const outcome = await this.exclusively(() => this.pass());
    return outcome ?? { ran: false, ordersRead: 0, announced: 0 };
  }

  /** Runs `work` holding the job's lock, or returns null when someone else holds it. */
  exclusively<T>(work: () => Promise<T>): Promise<T | null> {
    return this.lock.exclusively(work);
  }

  /** The last processed point (an updated_at), or null before the first pass. */
  async reconciledThrough(): Promise<string | null> {
    const row = await this.opts.db
      .selectFrom('job_cursor')
      .select('value')
      .where('name', '=', CURSOR)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  private async pass(): Promise<ReconcileOutcome> {
    // Deliveries already stored but not yet processed go first.
    await this.opts.processor.drain();
    const started = Date.now();
    const cursor = await this.reconciledThrough();
    const since = new Date((cursor ? Date.parse(cursor) : started) - OVERLAP_MS).toISOString();
    let newest = cursor ? Date.parse(cursor) : started - OVERLAP_MS;
    let ordersRead = 0;
    let announced = 0;
    let complete = false;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const orders = await this.readPage(since, page);
      ordersRead += orders.length;
      const changes: RecordChange[] = [];
      for (const order of orders) {
        const updatedAt = Date.parse(order.updated_at);
        if (!Number.isNaN(updatedAt)) newest = Math.max(newest, updatedAt);
        changes.push({
          kind: 'order',
          recordId: order.id,
          orderId: order.id,
          status: order.last_event?.status ?? order.status ?? null,
          occurredAt: Number.isNaN(updatedAt) ? null : updatedAt,
        });
        if (order.interpretation === 'critical') {
          // A missed critical-result webhook: raised once, the first time it is seen.
          changes.push({
            kind: 'critical_result',
            recordId: order.id,
            orderId: order.id,
            firstOnly: true,
          });
        }
      }
      const { events } = await this.opts.publisher.run(async ({ apply }) => {
        for (const change of changes) await apply(change);
      });
      announced += events.length;
      if (orders.length < ORDERS_PAGE_SIZE_MAX) {
        complete = true;
        break;
      }
    }
    // Pages run by creation time, so a pass cut short has not seen every newer change.
    if (complete) await this.saveCursor(new Date(newest).toISOString());
    else this.opts.log.warn({ ordersRead }, 'reconciliation pass cut short; the next one goes on');
    if (announced > 0) {
      this.opts.log.info({ ordersRead, announced }, 'reconciliation found missed changes');
    }
    return { ran: true, ordersRead, announced };
  }

  private async readPage(since: string, page: number) {
    const query = new URLSearchParams({
      updated_start_date: since,
      order_direction: 'asc',
      page: String(page),
      size: String(ORDERS_PAGE_SIZE_MAX),
    });
    const pathAndQuery = `/v3/orders?${query.toString()}`;
    const answer = await this.opts.client.send({
      method: 'GET',
      pathAndQuery,
      headers: { accept: 'application/json' },
    });
    // The list holds patient details: the console read it, on nobody's behalf.
    await appendAudit(this.opts.db, {
      at: Date.now(),
      account_id: null,
      account_email: null,
      role: null,
      action: 'GET /v3/orders (reconciliation)',
      record_type: 'order_list',
      record_id: null,
      outcome: answer.status,
      request_id: `reconcile-${randomUUID()}`,
    });
    if (answer.status !== 200) {
      throw new Error(`the Lab API answered ${answer.status} to the orders list`);
    }
    return ordersPageSchema.parse(JSON.parse(answer.body.toString('utf8'))).orders;
  }

  private async saveCursor(value: string) {
    await this.opts.db
      .insertInto('job_cursor')
      .values({ name: CURSOR, value, updated_at: Date.now() })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: Date.now() }))
      .execute();
  }
}
