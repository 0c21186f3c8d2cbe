import type { Insertable, Kysely } from 'kysely';
import type { AuditEventTable, Database } from './schema';

export type AuditEntry = Omit<Insertable<AuditEventTable>, 'id'>;

export async function appendAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_event').values(entry).execute();
}

export async function listAudit(db: Kysely<Database>, limit = 100) {
  return db.selectFrom('audit_event').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
