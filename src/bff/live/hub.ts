import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LiveEvent } from '../../contract';
import type { Database } from '../platform/database/schema';
import { liveEventsAfter, liveLogBounds } from './eventLog';

export type LiveListener = (event: LiveEvent) => void;

/**
 * This replica's dispatcher of live events to its open streams. Events arrive from
 * the fan-out (in-process, or PostgreSQL notifications from any replica); ids have no
 * gaps, so a missing one (a notification lost while the listener reconnected) is read
 * back from the log before anything newer goes out. Streams hear each id once, in order.
 */
export class LiveHub {
  private readonly emitter = new EventEmitter();
  private lastId = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {
    // One listener per open stream: hundreds are normal, not a leak.
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.lastId = (await liveLogBounds(this.db)).last;
  }

  /** The newest id handed to the streams. */
  get lastDelivered(): number {
    return this.lastId;
  }

  receive(events: readonly LiveEvent[]): void {
    this.enqueue(async () => {
      for (const event of events) await this.deliver(event);
    });
  }

  /** After the fan-out lost its connection: whatever was committed meanwhile goes out now. */
  catchUp(): void {
    this.enqueue(() => this.readForward(Number.MAX_SAFE_INTEGER));
  }

  subscribe(listener: LiveListener): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  private enqueue(task: () => Promise<void>) {
    this.queue = this.queue.then(task).catch((error: unknown) => {
      this.log.error({ err: error }, 'live events could not be read back from the log');
    });
  }

  private async deliver(event: LiveEvent) {
    const id = Number(event.id);
    if (id <= this.lastId) return;
    if (id > this.lastId + 1) await this.readForward(id - 1);
    this.emit(event);
  }

  private async readForward(upTo: number) {
    while (this.lastId < upTo) {
      const batch = await liveEventsAfter(this.db, this.lastId, 500);
      const due = batch.filter((e) => Number(e.id) <= upTo);
      if (due.length === 0) return;
      for (const event of due) this.emit(event);
    }
  }

  private emit(event: LiveEvent) {
    this.lastId = Number(event.id);
    this.emitter.emit('event', event);
  }
}
