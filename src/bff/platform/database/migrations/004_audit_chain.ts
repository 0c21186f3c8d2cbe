import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { GENESIS_HASH, hashAuditRow, type ChainedFields } from '../../audit/auditChain';

/**
 * A tamper-evident audit trail: every row carries the SHA-256 of its content and of the
 * row before it (`npm run audit:verify` checks the chain). The database also refuses
 * what the append-only triggers of 001 missed: on SQLite `INSERT OR REPLACE` (its
 * implicit delete fires no delete trigger), on PostgreSQL `TRUNCATE`.
 */
export function auditChain(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('audit_event').addColumn('prev_hash', 'text').execute();
      await db.schema.alterTable('audit_event').addColumn('hash', 'text').execute();

      // Rows written before the chain existed are chained once, here; the update trigger
      // is lifted for that and put back at once (on PostgreSQL in the migration's
      // transaction, so no other session ever sees the table unguarded).
      const updateTrigger =
        dialect === 'postgres' ? 'audit_event_no_change' : 'audit_event_no_update';
      await sql
        .raw(`DROP TRIGGER ${updateTrigger}${dialect === 'postgres' ? ' ON audit_event' : ''}`)
        .execute(db);
      await chainExistingRows(db);
      if (dialect === 'postgres') {
        await sql`CREATE TRIGGER audit_event_no_change BEFORE UPDATE OR DELETE ON audit_event
          FOR EACH ROW EXECUTE FUNCTION audit_event_append_only()`.execute(db);
        await sql`CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event
          FOR EACH STATEMENT EXECUTE FUNCTION audit_event_append_only()`.execute(db);
        await sql`ALTER TABLE audit_event ALTER COLUMN prev_hash SET NOT NULL`.execute(db);
        await sql`ALTER TABLE audit_event ALTER COLUMN hash SET NOT NULL`.execute(db);
      } else {
        await sql`CREATE TRIGGER audit_event_no_update BEFORE UPDATE ON audit_event
          BEGIN SELECT RAISE(ABORT, 'audit_event is append-only'); END`.execute(db);
        // REPLACE deletes the old row without firing delete triggers (recursive_triggers
        // is off), but BEFORE INSERT runs first and sees the id already taken.
        await sql`CREATE TRIGGER audit_event_no_replace BEFORE INSERT ON audit_event
          WHEN NEW.hash IS NULL OR NEW.prev_hash IS NULL
            OR EXISTS (SELECT 1 FROM audit_event WHERE id = NEW.id)
          BEGIN SELECT RAISE(ABORT, 'audit_event is append-only'); END`.execute(db);
      }
    },
  };
}

async function chainExistingRows(db: Kysely<unknown>) {
  let prev = GENESIS_HASH;
  let lastId = 0;
  for (;;) {
    const { rows } = await sql<Omit<ChainedFields, 'prev_hash'>>`
      SELECT id, at, account_id, account_email, role, action, record_type, record_id,
             outcome, request_id
      FROM audit_event WHERE id > ${lastId} ORDER BY id LIMIT 1000`.execute(db);
    for (const row of rows) {
      const hash = hashAuditRow({ ...row, prev_hash: prev });
      await sql`UPDATE audit_event SET prev_hash = ${prev}, hash = ${hash} WHERE id = ${row.id}`.execute(
        db,
      );
      prev = hash;
      lastId = row.id;
    }
    if (rows.length < 1000) return;
  }
}
