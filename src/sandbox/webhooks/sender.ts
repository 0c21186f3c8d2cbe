import type { Webhook } from 'svix';
import { SVIX_HEADERS, WEBHOOK_RETRY_SCHEDULE_SECONDS } from '../../contract/webhooks';
import type { SandboxDb } from '../store/database';
import type { WebhookDeliveryTable } from '../store/schema';
import { onMessageWritten } from './outbox';
import {
  signerFor,
  type WebhookChaos,
  type WebhookEndpoint,
  type WebhookSettings,
} from './settings';

/** One endpoint's delivery of one message, as tests and the README describe it. */
export interface WebhookDeliveryView {
  messageId: string;
  eventType: string;
  endpointUrl: string;
  status: WebhookDeliveryTable['status'];
  attempts: number;
  lastResponseStatus: number | null;
  lastError: string | null;
}

/** What the app exposes (`app.webhooks`, `startSandbox(...).webhooks`). */
export interface SandboxWebhooks {
  /** Registers (or re-keys) an endpoint: messages written from now on go to it too. */
  addEndpoint(endpoint: WebhookEndpoint): void;
  /** Stops sending to an endpoint; its pending deliveries wait until it is added again. */
  removeEndpoint(url: string): void;
  /** Replaces the test switches. */
  setChaos(chaos: WebhookChaos): void;
  /** Holds every delivery (messages are still written), until `resume()`. */
  pause(): void;
  resume(): void;
  /** Resolves when nothing is due now: every due delivery attempted (retries may be scheduled). */
  idle(): Promise<void>;
  /** Resolves when no delivery is pending any more: each succeeded, failed for good, or was dropped. */
  settled(): Promise<void>;
  deliveries(): Promise<WebhookDeliveryView[]>;
}

/** The wait before the next attempt after `attempts` failed ones, or null once exhausted. */
export function retryDelayMs(attempts: number, scale: number): number | null {
  const seconds = WEBHOOK_RETRY_SCHEDULE_SECONDS[attempts - 1];
  return seconds === undefined ? null : seconds * 1000 * scale;
}

const BATCH = 100;
const MESSAGE_RETENTION_DAYS = 90;
const endpointKey = (url: string) => new URL(url).href;

interface DueDelivery {
  id: number;
  endpoint_url: string;
  attempts: number;
  message_id: string;
  payload: string;
}

/** How deliveries to one endpoint are signed, and what else they carry. */
interface Signing {
  signers: Webhook[];
  headers: Readonly<Record<string, string>>;
}

interface Outcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/**
 * Delivers the outbox as Svix does (docs/lab-api-facts.md §12): each message to each endpoint, signed
 * afresh per attempt under the message's one svix-id, at least once; a 2xx within the
 * time limit is success, anything else (3xx included) a failure retried on the provider's
 * schedule, and after the last retry the delivery has failed. One delivery at a time, in
 * the order messages were written, so a test sees the order the changes happened in
 * unless it asks for disorder.
 */
export class WebhookSender implements SandboxWebhooks {
  private readonly endpoints = new Map<string, Signing>();
  private readonly retryScale: number;
  private readonly timeoutMs: number;
  private chaos: WebhookChaos = {};
  private dropsLeft = 0;
  private paused = false;
  private closed = false;
  private running: Promise<void> | null = null;
  private again = false;
  private failure: unknown = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly aborts = new AbortController();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: SandboxDb,
    settings: WebhookSettings = {},
  ) {
    this.retryScale = settings.retryScale ?? 1;
    this.timeoutMs = settings.timeoutMs ?? 15_000;
    for (const endpoint of settings.endpoints ?? []) this.addEndpoint(endpoint);
    this.setChaos(settings.chaos ?? {});
    this.unsubscribe = onMessageWritten(() => this.kick());
  }

  /** Forgets old finished messages, then delivers what an earlier run left in the outbox. */
  start(): void {
    this.running = this.prune()
      .catch((error: unknown) => {
        if (!this.closed) this.failure = error;
      })
      .finally(() => {
        this.running = null;
        this.kick();
      });
  }

  /**
   * The outbox keeps a message as long as Svix lets one be replayed from its dashboard
   * (about 90 days here: MESSAGE_RETENTION_DAYS), and always while a delivery is pending.
   */
  private async prune(): Promise<void> {
    const before = new Date(Date.now() - MESSAGE_RETENTION_DAYS * 86_400_000).toISOString();
    await this.db
      .deleteFrom('webhook_message')
      .where('created_at', '<', before)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('webhook_delivery')
              .select('webhook_delivery.id')
              .whereRef('webhook_delivery.message_seq', '=', 'webhook_message.seq')
              .where('webhook_delivery.status', '=', 'pending'),
          ),
        ),
      )
      .execute();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.unsubscribe();
    // An attempt cut short is not recorded, so the next start sends it again (at least once).
    this.aborts.abort();
    await this.running;
  }

  addEndpoint(endpoint: WebhookEndpoint): void {
    const signers = [signerFor(endpoint)];
    if (endpoint.previousSecret) {
      signers.push(signerFor({ url: endpoint.url, secret: endpoint.previousSecret }));
    }
    this.endpoints.set(endpointKey(endpoint.url), { signers, headers: endpoint.headers ?? {} });
    this.kick();
  }

  removeEndpoint(url: string): void {
    this.endpoints.delete(endpointKey(url));
  }

  setChaos(chaos: WebhookChaos): void {
    this.chaos = { ...chaos };
    this.dropsLeft = chaos.dropFirst ?? 0;
  }

  pause(): void {
    this.paused = true;
    clearTimeout(this.timer);
  }

  resume(): void {
    this.paused = false;
    this.kick();
  }

  async idle(): Promise<void> {
    for (;;) {
      if (this.running) {
        await this.running;
        continue;
      }
      if (this.failure) {
        const failure = this.failure;
        this.failure = null;
        throw failure instanceof Error ? failure : new Error('webhook sending failed');
      }
      if (this.closed || this.paused || !(await this.hasWorkDue())) return;
      this.kick();
    }
  }

  async settled(): Promise<void> {
    for (;;) {
      await this.idle();
      if (this.closed || this.paused) return;
      const next = await this.nextDueAt();
      if (next === null) return;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    }
  }

  async deliveries(): Promise<WebhookDeliveryView[]> {
    const rows = await this.db
      .selectFrom('webhook_delivery as d')
      .innerJoin('webhook_message as m', 'm.seq', 'd.message_seq')
      .select([
        'm.id as messageId',
        'm.event_type as eventType',
        'd.endpoint_url as endpointUrl',
        'd.status',
        'd.attempts',
        'd.last_response_status as lastResponseStatus',
        'd.last_error as lastError',
      ])
      .orderBy('d.id')
      .execute();
    return rows;
  }

  private kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.again = false;
    this.running = this.run()
      .catch((error: unknown) => {
        // A closed store ends the work; anything else is kept for idle() to report.
        if (!this.closed) this.failure = error;
      })
      .finally(() => {
        this.running = null;
        if (this.again) this.kick();
      });
  }

  private async run(): Promise<void> {
    for (;;) {
      this.again = false;
      await this.fanOut();
      if (this.held()) return;
      const due = await this.dueDeliveries();
      if (due.length === 0) {
        // A message written while this run looked is picked up before it ends.
        if (this.wokenDuringRun()) continue;
        break;
      }
      for (const delivery of this.chaos.reorder ? due.reverse() : due) {
        if (this.held()) return;
        await this.attempt(delivery);
      }
    }
    await this.armTimer();
  }

  /* Methods, not fields read inline: both change while a run awaits. */
  private held(): boolean {
    return this.paused || this.closed;
  }

  private wokenDuringRun(): boolean {
    return this.again;
  }

  private registeredUrls(): string[] {
    return [...this.endpoints.keys()];
  }

  /** Gives each new message a delivery per endpoint registered now (as Svix does). */
  private async fanOut(): Promise<void> {
    for (;;) {
      const messages = await this.db
        .selectFrom('webhook_message')
        .select('seq')
        .where('fanned_out', '=', 0)
        .orderBy('seq')
        .limit(BATCH)
        .execute();
      if (messages.length === 0) return;
      const urls = this.registeredUrls();
      const now = Date.now();
      const at = new Date(now).toISOString();
      await this.db.transaction().execute(async (trx) => {
        if (urls.length > 0) {
          await trx
            .insertInto('webhook_delivery')
            .values(
              messages.flatMap((m) =>
                urls.map((url) => ({
                  message_seq: m.seq,
                  endpoint_url: url,
                  status: 'pending' as const,
                  next_at: now,
                  last_response_status: null,
                  last_error: null,
                  updated_at: at,
                })),
              ),
            )
            .execute();
        }
        await trx
          .updateTable('webhook_message')
          .set({ fanned_out: 1 })
          .where(
            'seq',
            'in',
            messages.map((m) => m.seq),
          )
          .execute();
      });
    }
  }

  private async dueDeliveries(): Promise<DueDelivery[]> {
    const urls = this.registeredUrls();
    if (urls.length === 0) return [];
    return this.db
      .selectFrom('webhook_delivery as d')
      .innerJoin('webhook_message as m', 'm.seq', 'd.message_seq')
      .select(['d.id', 'd.endpoint_url', 'd.attempts', 'm.id as message_id', 'm.payload'])
      .where('d.status', '=', 'pending')
      .where('d.next_at', '<=', Date.now())
      .where('d.endpoint_url', 'in', urls)
      .orderBy('d.next_at')
      .orderBy('d.id')
      .limit(BATCH)
      .execute();
  }

  private async hasWorkDue(): Promise<boolean> {
    const unsent = await this.db
      .selectFrom('webhook_message')
      .select('seq')
      .where('fanned_out', '=', 0)
      .limit(1)
      .executeTakeFirst();
    return unsent !== undefined || (await this.dueDeliveries()).length > 0;
  }

  /** When the earliest pending delivery to a registered endpoint is due (epoch ms), if any. */
  private async nextDueAt(): Promise<number | null> {
    const urls = this.registeredUrls();
    if (urls.length === 0) return null;
    const row = await this.db
      .selectFrom('webhook_delivery')
      .select((eb) => eb.fn.min('next_at').as('next'))
      .where('status', '=', 'pending')
      .where('endpoint_url', 'in', urls)
      .executeTakeFirst();
    return row?.next ?? null;
  }

  private async armTimer(): Promise<void> {
    clearTimeout(this.timer);
    const next = await this.nextDueAt();
    if (next === null || this.closed || this.paused) return;
    this.timer = setTimeout(() => this.kick(), Math.max(0, next - Date.now()));
    // Pending retries never keep a process alive on their own (the listener does).
    this.timer.unref();
  }

  private async attempt(delivery: DueDelivery): Promise<void> {
    const signer = this.endpoints.get(delivery.endpoint_url);
    if (!signer) return;
    const updated_at = new Date().toISOString();
    if (delivery.attempts === 0 && this.dropsLeft > 0) {
      this.dropsLeft -= 1;
      await this.db
        .updateTable('webhook_delivery')
        .set({ status: 'dropped', updated_at })
        .where('id', '=', delivery.id)
        .execute();
      return;
    }
    const outcome = await this.post(delivery, signer);
    // Closed meanwhile: the store is going away; the next start sends it again.
    if (this.closed) return;
    const attempts = delivery.attempts + 1;
    const wait = outcome.ok ? null : retryDelayMs(attempts, this.retryScale);
    await this.db
      .updateTable('webhook_delivery')
      .set({
        status: outcome.ok ? 'succeeded' : wait === null ? 'failed' : 'pending',
        attempts,
        next_at: Date.now() + (wait ?? 0),
        last_response_status: outcome.status,
        last_error: outcome.error,
        updated_at,
      })
      .where('id', '=', delivery.id)
      .execute();
    if (outcome.ok) {
      const copies = this.chaos.duplicate === true ? 1 : Number(this.chaos.duplicate ?? 0);
      for (let copy = 0; copy < copies; copy++) {
        if (this.held()) break;
        await this.post(delivery, signer);
      }
    }
  }

  private async post(delivery: DueDelivery, signing: Signing): Promise<Outcome> {
    const timestamp = new Date();
    const signatures = signing.signers.map((signer) =>
      signer.sign(delivery.message_id, timestamp, delivery.payload),
    );
    const headers = {
      ...signing.headers,
      'content-type': 'application/json',
      'user-agent': 'local-lab-api-webhooks',
      [SVIX_HEADERS.id]: delivery.message_id,
      [SVIX_HEADERS.timestamp]: String(Math.floor(timestamp.getTime() / 1000)),
      // Svix's form for several secrets: the signatures side by side, space-separated.
      [SVIX_HEADERS.signature]: signatures.join(' '),
    };
    try {
      const response = await fetch(delivery.endpoint_url, {
        method: 'POST',
        headers,
        body: delivery.payload,
        // A redirect is a failure, never followed (docs/lab-api-facts.md §12).
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.aborts.signal]),
      });
      await response.arrayBuffer();
      const ok = response.status >= 200 && response.status < 300;
      return { ok, status: response.status, error: ok ? null : `HTTP ${String(response.status)}` };
    } catch (error) {
      return { ok: false, status: null, error: error instanceof Error ? error.message : 'failed' };
    }
  }
}
