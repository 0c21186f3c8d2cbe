import type { Kysely, Migration } from 'kysely';

/**
 * Every proxied call writes one audit row, and every index on the trail is one more page
 * written per row. `audit_event_at_id` (at, id) answers whatever `audit_event_at` (at)
 * did, so the older one only cost writes.
 */
export function auditLeanIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('audit_event_at').ifExists().execute();
    },
  };
}
