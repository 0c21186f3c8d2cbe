import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { LiveEvent } from '../../contract';
import type { StoreLocation } from '../platform/database/database';
import type { Database } from '../platform/database/schema';
import type { LiveHub } from './hub';

/**
 * How a committed live event reaches the streams of every replica. With PostgreSQL the
 * publishing transaction sends a NOTIFY (delivered at commit, in commit order) that each
 * replica's LISTEN connection hands to its hub; with the embedded SQLite store there is
 * one process, and the events go to its hub after commit.
 */
export interface LiveFanout {
  start(): Promise<void>;
  inTransaction(trx: Transaction<Database>, events: readonly LiveEvent[]): Promise<void>;
  afterCommit(events: readonly LiveEvent[]): void;
  close(): Promise<void>;
}

export class InProcessFanout implements LiveFanout {
  constructor(private readonly hub: LiveHub) {}
  start() {
    return Promise.resolve();
  }
  inTransaction() {
    return Promise.resolve();
  }
  afterCommit(events: readonly LiveEvent[]) {
    if (events.length > 0) this.hub.receive(events);
  }
  close() {
    return Promise.resolve();
  }
}

/** One channel per schema, so consoles sharing a database do not hear each other. */
export function liveChannel(schema: string | undefined): string {
  return `lab_live_${(schema ?? 'public').toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63);
}

const RECONNECT_DELAY_MS = 1000;

export class PostgresFanout implements LiveFanout {
  private client: pg.Client | null = null;
  private closed = false;
  private readonly channel: string;

  constructor(
    private readonly location: Extract<StoreLocation, { dialect: 'postgres' }>,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = liveChannel(location.schema);
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.location.url });
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      try {
        this.hub.receive([JSON.parse(message.payload) as LiveEvent]);
      } catch (error) {
        this.log.error({ err: error }, 'unreadable live-event notification');
      }
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'live-event listener lost its connection; reconnecting');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN "${this.channel}"`);
    this.client = client;
  }

  private reconnect(lost: pg.Client) {
    if (this.closed || this.client !== lost) return;
    this.client = null;
    void lost.end().catch(() => undefined);
    this.retryLater();
  }

  private retryLater() {
    setTimeout(() => {
      if (this.closed) return;
      this.start().then(
        // Whatever was committed while nobody listened is read back from the log.
        () => this.hub.catchUp(),
        (error: unknown) => {
          this.log.warn({ err: error }, 'live-event listener could not reconnect');
          this.retryLater();
        },
      );
    }, RECONNECT_DELAY_MS).unref();
  }

  async inTransaction(trx: Transaction<Database>, events: readonly LiveEvent[]) {
    if (events.length === 0) return;
    const payloads = events.map((e) => JSON.stringify(e));
    await sql`SELECT pg_notify(${this.channel}, payload) FROM unnest(${payloads}::text[]) AS payload`.execute(
      trx,
    );
  }

  afterCommit() {
    // Every replica, this one included, hears the notification.
  }

  async close() {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
