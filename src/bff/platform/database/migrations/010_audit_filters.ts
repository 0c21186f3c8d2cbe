import type { Kysely, Migration } from 'kysely';

/**
 * The audit screen pages newest first by id (keyset) under each filter: one index per
 * filter, ending in the id, so a filtered page reads only its own rows however long the
 * trail grows.
 */
export function auditFilters(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['account_email', 'action', 'record_id', 'outcome', 'at']) {
        await db.schema
          .createIndex(`audit_event_${column}_id`)
          .on('audit_event')
          .columns([column, 'id'])
          .execute();
      }
    },
  };
}
