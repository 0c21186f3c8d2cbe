import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  ORDERS_PAGE_SIZE_MAX,
  orderEventSchema,
  parseOrderStatus,
  resultVersion,
  type LowLevelStatus,
} from '../../contract';
import type { DigestCounts } from '../../contract/notifications';
import { appendAudit } from '../platform/audit/audit';
import type { Database } from '../platform/database/schema';
import type { LabApiClient } from '../platform/labApi/upstream';
import type { AcknowledgementsOf } from './escalation';
import { JobLock } from '../platform/database/jobLock';
import type { Mailer } from './mailer';
import { digestMail } from './messages';
import { notifiableAccounts } from './preferences';

/** Statuses an order can be stuck in that someone must act on (docs/lab-api-facts.md §3). */
const PROBLEM_STATUSES: ReadonlySet<LowLevelStatus> = new Set([
  'problem_in_transit_customer',
  'problem_in_transit_lab',
  'lab_processing_blocked',
  'sample_error',
  'failure_to_deliver_to_customer',
  'failure_to_deliver_to_lab',
]);
/** Statuses after which no result is expected any more. */
const CLOSED_STATUSES: ReadonlySet<LowLevelStatus> = new Set([
  'completed',
  'corrected',
  'cancelled',
  'do_not_process',
  'lost',
  'sample_error',
  'failure_to_deliver_to_customer',
  'failure_to_deliver_to_lab',
]);
/** Pages of the orders list one digest reads at most. */
const MAX_PAGES = 20;
const CURSOR = 'notifications.digest';
const DAY_MS = 24 * 3600_000;

/** Only what the digest counts: statuses, dates, the interpretation; no patient details kept. */
const digestOrderSchema = z.looseObject({
  id: z.string(),
  events: z.array(orderEventSchema),
  last_event: orderEventSchema,
  interpretation: z.string().nullish(),
  expected_result_by_date: z.string().nullish(),
});
const ordersPageSchema = z.looseObject({ orders: z.array(digestOrderSchema) });
const unmatchedPageSchema = z.looseObject({ total: z.number().int() });

export interface DigestOptions {
  db: Kysely<Database>;
  client: LabApiClient;
  mailer: Mailer;
  acknowledgementsOf: AcknowledgementsOf;
  publicUrl: string;
  /** The hour (UTC) from which the day's digest goes out. */
  hourUtc: number;
  log: FastifyBaseLogger;
  now: () => number;
}

/**
 * The coordinators' daily digest: what waits (overdue orders, orders in a problem status,
 * unmatched results, unacknowledged abnormal results, parsing jobs flagged for review) as
 * counts with links, never a patient or a value. Sent once a day, from `hourUtc`, on one
 * replica (the same lock as escalation's kind), the day it went recorded in the store.
 */
export class DigestJob {
  private timer: NodeJS.Timeout | null = null;
  private readonly lock: JobLock;

  constructor(private readonly opts: DigestOptions) {
    this.lock = new JobLock(opts.db, 'notifications.digest');
  }

  start(checkEveryMs = 10 * 60_000) {
    this.timer = setInterval(() => {
      this.sendIfDue().catch((error: unknown) =>
        this.opts.log.error({ err: error }, 'daily digest failed'),
      );
    }, checkEveryMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Sends today's digest if the hour has come and nobody sent it yet. */
  async sendIfDue(): Promise<boolean> {
    const now = new Date(this.opts.now());
    if (now.getUTCHours() < this.opts.hourUtc) return false;
    const today = now.toISOString().slice(0, 10);
    const sent = await this.lock.exclusively(async () => {
      const cursor = await this.opts.db
        .selectFrom('job_cursor')
        .select('value')
        .where('name', '=', CURSOR)
        .executeTakeFirst();
      if (cursor?.value === today) return false;
      // Recorded first: a failure part-way sends no second digest the same day.
      await this.opts.db
        .insertInto('job_cursor')
        .values({ name: CURSOR, value: today, updated_at: Date.now() })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: today, updated_at: Date.now() }))
        .execute();
      await this.send();
      return true;
    });
    return sent ?? false;
  }

  /** Counts what waits and mails each coordinator (and each digest-only account) who takes it. */
  async send(): Promise<{ recipients: number; counts: DigestCounts }> {
    const counts = await this.counts();
    const accounts = (await notifiableAccounts(this.opts.db, ['coordinator', 'clinician', 'ops']))
      .filter((a) => a.role === 'coordinator' || a.preferences.digest_only)
      .filter((a) => a.preferences.daily_digest);
    let recipients = 0;
    for (const account of accounts) {
      const receipt = await this.opts.mailer.send(
        digestMail({
          to: account.email,
          publicUrl: this.opts.publicUrl,
          counts,
          sections: {
            overdueOrders: account.preferences.overdue_orders,
            parsingReview: account.preferences.parsing_review,
          },
        }),
      );
      if (receipt.accepted) recipients += 1;
      else this.opts.log.warn({ accountId: account.id }, 'daily digest refused by the mail server');
    }
    return { recipients, counts };
  }

  async counts(): Promise<DigestCounts> {
    const now = this.opts.now();
    const orders = await this.readOrders();
    let overdue = 0;
    let problem = 0;
    const withResults: { id: string; version: string }[] = [];
    for (const order of orders) {
      const status = parseOrderStatus(order.last_event.status).knownLowLevel;
      if (status && PROBLEM_STATUSES.has(status)) problem += 1;
      const expected = order.expected_result_by_date
        ? Date.parse(order.expected_result_by_date)
        : NaN;
      if (!(status && CLOSED_STATUSES.has(status)) && !Number.isNaN(expected) && expected < now) {
        overdue += 1;
      }
      const version = resultVersion(order);
      if (version && (order.interpretation === 'abnormal' || order.interpretation === 'critical')) {
        withResults.push({ id: order.id, version: version.version });
      }
    }
    const acks = await this.opts.acknowledgementsOf(withResults.map((o) => o.id));
    const acknowledged = new Set(acks.map((a) => `${a.orderId} ${a.version}`));
    const flagged = await this.opts.db
      .selectFrom('parsing_job_record')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('needs_human_review', '=', 1)
      .where('created_at', '>=', now - DAY_MS)
      .executeTakeFirst();
    return {
      overdue_orders: overdue,
      problem_orders: problem,
      unmatched_results: await this.unmatchedWaiting(),
      unacknowledged_abnormal: withResults.filter((o) => !acknowledged.has(`${o.id} ${o.version}`))
        .length,
      parsing_review: flagged?.count ?? 0,
    };
  }

  private async labGet(pathAndQuery: string, recordType: string) {
    const answer = await this.opts.client.send({
      method: 'GET',
      pathAndQuery,
      headers: { accept: 'application/json' },
    });
    // Lists with patient details: the console's own read, on nobody's behalf.
    await appendAudit(this.opts.db, {
      at: Date.now(),
      account_id: null,
      account_email: null,
      role: null,
      action: `GET ${pathAndQuery.split('?')[0] ?? ''} (daily digest)`,
      record_type: recordType,
      record_id: null,
      outcome: answer.status,
      request_id: `digest-${randomUUID()}`,
    });
    return answer;
  }

  private async readOrders() {
    const orders: z.infer<typeof digestOrderSchema>[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const query = new URLSearchParams({ page: String(page), size: String(ORDERS_PAGE_SIZE_MAX) });
      const answer = await this.labGet(`/v3/orders?${query.toString()}`, 'order_list');
      if (answer.status !== 200) {
        throw new Error(`the Lab API answered ${answer.status} to the orders list`);
      }
      const batch = ordersPageSchema.parse(JSON.parse(answer.body.toString('utf8'))).orders;
      orders.push(...batch);
      if (batch.length < ORDERS_PAGE_SIZE_MAX) break;
    }
    return orders;
  }

  private async unmatchedWaiting(): Promise<number> {
    let total = 0;
    for (const status of ['pending_customer_review', 'pending_ops_review']) {
      const answer = await this.labGet(
        `/v3/unmatched_result?status=${status}&limit=1`,
        'unmatched_result_list',
      );
      // An account without match review has nothing waiting.
      if (answer.status !== 200) continue;
      total += unmatchedPageSchema.parse(JSON.parse(answer.body.toString('utf8'))).total;
    }
    return total;
  }
}
