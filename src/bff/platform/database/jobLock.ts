import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Runs a job's pass on one replica at a time: on PostgreSQL under a session advisory
 * lock named after the job (another replica holding it: the pass is skipped, and runs
 * again at its next tick); SQLite has one process. A pass already running here is never
 * run twice either.
 */
export class JobLock {
  private runningHere = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly name: string,
  ) {}

  async exclusively<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.runningHere) return null;
    this.runningHere = true;
    try {
      if (!(this.db.getExecutor().adapter instanceof PostgresAdapter)) return await work();
      // A session lock lives on one connection: it is held there while the pass uses others.
      return await this.db.connection().execute(async (connection) => {
        const key = sql`hashtext(current_schema() || ${`.${this.name}`})`;
        const { rows } = await sql<{
          locked: boolean;
        }>`SELECT pg_try_advisory_lock(${key}) AS locked`.execute(connection);
        if (!rows[0]?.locked) return null;
        try {
          return await work();
        } finally {
          await sql`SELECT pg_advisory_unlock(${key})`.execute(connection);
        }
      });
    } finally {
      this.runningHere = false;
    }
  }
}
