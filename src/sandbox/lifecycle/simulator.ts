import type { SimulateBody } from '../../contract/results';
import type { SandboxDb } from '../store/database';
import { appendStatus, bookedUntil, loadOrder, type StoredOrder } from '../store/lifecycle';
import { stepTime } from './stepTime';

/*
 * Runs `POST /v3/order/{id}/test`. With no delay every step is written at once; with a
 * delay each step waits on a timer and the steps still to go are kept in `order_simulation`,
 * so a restart picks the walk up where it stopped. All writes go through one queue: SQLite
 * has one writer, and two timers must never interleave the steps of one order.
 */
export class Simulator {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: SandboxDb,
    private readonly teamId: string,
    private readonly now: () => Date,
  ) {}

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Starts (or replaces) a simulation of `path` for an order. */
  async start(orderId: string, path: string[], delaySeconds: number, options: SimulateBody) {
    this.stop(orderId);
    await this.serial(async () => {
      await this.db.deleteFrom('order_simulation').where('order_id', '=', orderId).execute();
      if (delaySeconds === 0) {
        const stored = await loadOrder(this.db, this.teamId, orderId);
        if (!stored) return;
        for (const low of path) {
          const at = await this.timeOf(stored, low);
          await appendStatus(this.db, stored, low, at, { simulate: options });
        }
        return;
      }
      if (path.length === 0) return;
      const delayMs = delaySeconds * 1000;
      await this.db
        .insertInto('order_simulation')
        .values({
          order_id: orderId,
          remaining: JSON.stringify(path),
          delay_ms: delayMs,
          next_at: new Date(Date.now() + delayMs).toISOString(),
          options: JSON.stringify(options),
        })
        .execute();
      this.schedule(orderId, delayMs);
    });
  }

  /** Drops an order's simulation (a cancel ends it). */
  stop(orderId: string): void {
    const timer = this.timers.get(orderId);
    if (timer) clearTimeout(timer);
    this.timers.delete(orderId);
  }

  async forget(orderId: string): Promise<void> {
    this.stop(orderId);
    await this.serial(() =>
      this.db.deleteFrom('order_simulation').where('order_id', '=', orderId).execute(),
    );
  }

  /** Re-arms the timers of simulations left in the store by an earlier run. */
  async resume(): Promise<void> {
    const rows = await this.db.selectFrom('order_simulation').selectAll().execute();
    for (const row of rows) {
      this.schedule(row.order_id, Math.max(0, Date.parse(row.next_at) - Date.now()));
    }
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(orderId: string, waitMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(orderId);
      void this.serial(() => this.step(orderId)).catch(() => undefined);
    }, waitMs);
    timer.unref();
    this.timers.set(orderId, timer);
  }

  private async step(orderId: string): Promise<void> {
    const row = await this.db
      .selectFrom('order_simulation')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (!row) return;
    const [low, ...rest] = JSON.parse(row.remaining) as string[];
    const stored = await loadOrder(this.db, this.teamId, orderId);
    if (!low || !stored) {
      await this.db.deleteFrom('order_simulation').where('order_id', '=', orderId).execute();
      return;
    }
    await appendStatus(this.db, stored, low, await this.timeOf(stored, low), {
      simulate: JSON.parse(row.options) as SimulateBody,
    });
    if (rest.length === 0) {
      await this.db.deleteFrom('order_simulation').where('order_id', '=', orderId).execute();
      return;
    }
    await this.db
      .updateTable('order_simulation')
      .set({
        remaining: JSON.stringify(rest),
        next_at: new Date(Date.now() + row.delay_ms).toISOString(),
      })
      .where('order_id', '=', orderId)
      .execute();
    this.schedule(orderId, row.delay_ms);
  }

  private async timeOf(stored: StoredOrder, low: string): Promise<string> {
    const last = stored.record.events.at(-1)?.created_at;
    return stepTime(this.now(), low, last, await bookedUntil(this.db, stored.record.document.id));
  }

  /** Runs other writes (cancel, booking) in the same queue as the steps. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.serial(work);
  }
}
