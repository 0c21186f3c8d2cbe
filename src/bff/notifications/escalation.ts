import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Recipient } from '../../contract/notifications';
import { appendAudit } from '../platform/audit/audit';
import type { CriticalEscalationTable, Database } from '../platform/database/schema';
import type { LabApiClient } from '../platform/labApi/upstream';
import { JobLock } from '../platform/database/jobLock';
import type { Mailer } from './mailer';
import { criticalNotice } from './messages';
import { readOrderFacts } from './orderFacts';
import { firstTier, lastTier, policyFor, type DefaultPolicy } from './policies';

type Escalation = Selectable<CriticalEscalationTable>;

/** An acknowledgement of an order's results, as the results inbox room records it. */
export interface KnownAcknowledgement {
  orderId: string;
  version: string;
  accountEmail: string;
  at: number;
}

/** The port to the results inbox's acknowledgements; the composition root supplies it. */
export type AcknowledgementsOf = (orderIds: readonly string[]) => Promise<KnownAcknowledgement[]>;

export interface EscalationOptions {
  db: Kysely<Database>;
  client: LabApiClient;
  mailer: Mailer;
  acknowledgementsOf: AcknowledgementsOf;
  defaults: DefaultPolicy;
  publicUrl: string;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** The job's clock (epoch ms); tests move it forward instead of waiting. */
  now: () => number;
}

export interface EscalationPass {
  /** False when another replica (or a pass here) held the job. */
  ran: boolean;
  sent: number;
  failed: number;
  stopped: number;
}

const LAST_TIER = 2;
const ERROR_MAX = 300;
const MISSING_ORDER_RETRY_MS = 5 * 60_000;

/**
 * Escalates critical results until someone acknowledges them. Each critical has a row
 * (opened with the change that recorded it, `criticalWatch.ts`); each pass, on one
 * replica at a time, stops those acknowledged and takes the due ones one tier further:
 * tier 1 the ordering clinician (else the clinicians), then after the team's minutes the
 * last tier. Each notice is a row written before its e-mail is handed to the server and
 * settled after, so a restart neither loses a tier nor sends a settled notice again.
 */
export class EscalationJob {
  private timer: NodeJS.Timeout | null = null;
  private readonly lock: JobLock;
  private running: Promise<unknown> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly opts: EscalationOptions) {
    this.lock = new JobLock(opts.db, 'notifications.escalation');
  }

  start() {
    this.timer = setInterval(() => this.kick(), this.opts.intervalMs);
    this.timer.unref();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Runs a pass soon; kicks during a pass fold into one more. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runOnce()
      .catch((error: unknown) => this.opts.log.error({ err: error }, 'escalation pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the pass in progress (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async runOnce(): Promise<EscalationPass> {
    const outcome = await this.lock.exclusively(() => this.pass());
    return outcome ?? { ran: false, sent: 0, failed: 0, stopped: 0 };
  }

  private async pass(): Promise<EscalationPass> {
    const outcome: EscalationPass = { ran: true, sent: 0, failed: 0, stopped: 0 };
    const open = await this.opts.db
      .selectFrom('critical_escalation')
      .selectAll()
      .where('state', '=', 'open')
      .orderBy('detected_at')
      .execute();
    if (open.length === 0) return outcome;
    const acks = await this.opts.acknowledgementsOf([...new Set(open.map((e) => e.order_id))]);
    for (const escalation of open) {
      const ack = acknowledging(escalation, acks);
      if (ack) {
        await this.stopAcknowledged(escalation, ack);
        outcome.stopped += 1;
        continue;
      }
      const now = this.opts.now();
      if (escalation.next_step_at === null || escalation.next_step_at > now) continue;
      try {
        const step = await this.step(escalation, now);
        outcome.sent += step.sent;
        outcome.failed += step.failed;
        outcome.stopped += step.stopped;
      } catch (error) {
        // The Lab API or the store failed: this escalation is tried again next pass.
        this.opts.log.warn({ err: error, escalationId: escalation.id }, 'escalation step failed');
        await this.opts.db
          .updateTable('critical_escalation')
          .set((eb) => ({
            attempts: eb('attempts', '+', 1),
            last_error: error instanceof Error ? error.message.slice(0, ERROR_MAX) : 'failed',
          }))
          .where('id', '=', escalation.id)
          .execute();
      }
    }
    return outcome;
  }

  private async step(escalation: Escalation, now: number) {
    const tally = { sent: 0, failed: 0, stopped: 0 };
    let current = escalation;
    let physicianNpi: string | null = null;
    if (current.tier === 0) {
      // The first step learns the order's team, physician and result version.
      const facts = await readOrderFacts(this.opts.db, this.opts.client, current.order_id);
      if ('missing' in facts) {
        // Nobody can open an order the Lab API does not know; look again later.
        this.opts.log.warn({ orderId: current.order_id }, 'critical result of an unknown order');
        await this.opts.db
          .updateTable('critical_escalation')
          .set({ next_step_at: now + MISSING_ORDER_RETRY_MS, last_error: 'order not found' })
          .where('id', '=', current.id)
          .execute();
        return tally;
      }
      physicianNpi = facts.physicianNpi;
      current = { ...current, team_id: facts.teamId, result_version: facts.resultVersion };
      await this.opts.db
        .updateTable('critical_escalation')
        .set({ team_id: facts.teamId, result_version: facts.resultVersion })
        .where('id', '=', current.id)
        .execute();
      const ack = acknowledging(current, await this.opts.acknowledgementsOf([current.order_id]));
      if (ack) {
        await this.stopAcknowledged(current, ack);
        tally.stopped += 1;
        return tally;
      }
    }
    const policy = await policyFor(this.opts.db, current.team_id, this.opts.defaults);
    // Tiers without anyone to tell are passed over at once, and say so in the trail.
    for (let tier = current.tier + 1; tier <= LAST_TIER; tier++) {
      const recipients =
        tier === 1
          ? (await firstTier(this.opts.db, physicianNpi)).recipients
          : await lastTier(this.opts.db, policy.lastTier);
      const result = await this.notify(current, tier, recipients, now);
      tally.sent += result.sent;
      tally.failed += result.failed;
      if (recipients.length === 0)
        await this.auditEscalation(current, tier, 'nobody to notify', 404);
      if (result.sent > 0 || tier === LAST_TIER) {
        const reached = result.sent > 0;
        await this.opts.db
          .updateTable('critical_escalation')
          .set({
            // A last tier nobody could be reached in is tried again after the same wait.
            tier: reached || tier < LAST_TIER ? tier : tier - 1,
            next_step_at:
              tier < LAST_TIER || !reached ? now + policy.nextTierMinutes * 60_000 : null,
            last_error: null,
          })
          .where('id', '=', current.id)
          .where('state', '=', 'open')
          .execute();
        return tally;
      }
      current = { ...current, tier };
    }
    return tally;
  }

  /** Sends the tier's notices not yet settled as sent; one row per person and tier. */
  private async notify(escalation: Escalation, tier: number, recipients: Recipient[], now: number) {
    const tally = { sent: 0, failed: 0 };
    if (recipients.length > 0) {
      await this.opts.db
        .insertInto('critical_notice')
        .values(
          recipients.map((r) => ({
            id: randomUUID(),
            escalation_id: escalation.id,
            order_id: escalation.order_id,
            tier,
            recipient: r.email.toLowerCase(),
            recipient_name: r.name,
            state: 'sending' as const,
            created_at: Date.now(),
            settled_at: null,
            error: null,
          })),
        )
        .onConflict((oc) => oc.columns(['escalation_id', 'tier', 'recipient']).doNothing())
        .execute();
    }
    const notices = await this.opts.db
      .selectFrom('critical_notice')
      .selectAll()
      .where('escalation_id', '=', escalation.id)
      .where('tier', '=', tier)
      .execute();
    for (const notice of notices) {
      if (notice.state === 'sent') {
        tally.sent += 1;
        continue;
      }
      const receipt = await this.opts.mailer.send({
        ...criticalNotice({
          to: notice.recipient,
          publicUrl: this.opts.publicUrl,
          orderId: escalation.order_id,
          tier,
          waitedMinutes: Math.max(0, Math.round((now - escalation.detected_at) / 60_000)),
        }),
        id: notice.id,
      });
      const at = Date.now();
      await this.opts.db
        .updateTable('critical_notice')
        .set(
          receipt.accepted
            ? { state: 'sent', settled_at: at, error: null }
            : { state: 'failed', settled_at: at, error: receipt.error },
        )
        .where('id', '=', notice.id)
        .execute();
      await appendAudit(this.opts.db, {
        at,
        account_id: null,
        account_email: null,
        role: null,
        action: receipt.accepted
          ? `critical-result notice sent to ${notice.recipient} (tier ${tier})`
          : `critical-result notice to ${notice.recipient} failed (tier ${tier}): ${receipt.error}`,
        record_type: 'order',
        record_id: escalation.order_id,
        outcome: receipt.accepted ? 202 : 502,
        request_id: `notice-${notice.id}`,
      });
      if (receipt.accepted) tally.sent += 1;
      else tally.failed += 1;
    }
    return tally;
  }

  private async stopAcknowledged(escalation: Escalation, ack: KnownAcknowledgement) {
    const stopped = await this.opts.db
      .updateTable('critical_escalation')
      .set({
        state: 'stopped',
        stop_reason: 'acknowledged',
        stopped_by: ack.accountEmail,
        stopped_at: ack.at,
        next_step_at: null,
      })
      .where('id', '=', escalation.id)
      .where('state', '=', 'open')
      .executeTakeFirst();
    if (Number(stopped.numUpdatedRows) === 0) return;
    await appendAudit(this.opts.db, {
      at: Date.now(),
      account_id: null,
      account_email: null,
      role: null,
      action: `critical-result escalation stopped: acknowledged by ${ack.accountEmail} (after tier ${escalation.tier})`,
      record_type: 'order',
      record_id: escalation.order_id,
      outcome: 200,
      request_id: `escalation-${escalation.id}`,
    });
  }

  private async auditEscalation(
    escalation: Escalation,
    tier: number,
    what: string,
    outcome: number,
  ) {
    await appendAudit(this.opts.db, {
      at: Date.now(),
      account_id: null,
      account_email: null,
      role: null,
      action: `critical-result escalation tier ${tier}: ${what}`,
      record_type: 'order',
      record_id: escalation.order_id,
      outcome,
      request_id: `escalation-${escalation.id}-${tier}`,
    });
  }
}

/**
 * The acknowledgement that ends an escalation: of the result version that was critical,
 * or any made since the critical arrived (the inbox accepts an acknowledgement of the
 * current version only, so a later one covers a correction of the critical too).
 */
function acknowledging(
  escalation: Escalation,
  acks: readonly KnownAcknowledgement[],
): KnownAcknowledgement | undefined {
  return acks.find(
    (a) =>
      a.orderId === escalation.order_id &&
      (a.version === escalation.result_version || a.at >= escalation.detected_at),
  );
}
