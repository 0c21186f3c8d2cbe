import type { Insertable, Kysely } from 'kysely';
import type { AuditEventTable, Database } from './schema';

export type AuditEntry = Omit<Insertable<AuditEventTable>, 'id'>;

export async function appendAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_event').values(entry).execute();
}

/**
 * Appends audit rows with group commit: the rows of all requests that finish in the
 * same turn of the event loop go in one INSERT. Each caller still waits for its row
 * to be committed before answering, so nothing is answered without its audit row.
 */
export class AuditTrail {
  private pending: { entry: AuditEntry; done: (error?: Error) => void }[] = [];

  constructor(private readonly db: Kysely<Database>) {}

  append(entry: AuditEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push({ entry, done: (error) => (error ? reject(error) : resolve()) });
    });
  }

  private async flush() {
    // Bounded so one statement stays far below the databases' parameter limits.
    const batch = this.pending.splice(0, 500);
    if (this.pending.length > 0) setImmediate(() => void this.flush());
    try {
      await this.db
        .insertInto('audit_event')
        .values(batch.map((p) => p.entry))
        .execute();
      for (const p of batch) p.done();
    } catch (error) {
      const failure = error instanceof Error ? error : new Error('audit write failed');
      for (const p of batch) p.done(failure);
    }
  }
}

export async function listAudit(db: Kysely<Database>, limit = 100) {
  return db.selectFrom('audit_event').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
