import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

export function initial(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('console_account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('session')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) =>
          c.notNull().references('console_account.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('audit_event')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('account_id', 'text')
        .addColumn('account_email', 'text')
        .addColumn('role', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('record_type', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text')
        .addColumn('outcome', 'integer', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_event_at').on('audit_event').column('at').execute();

      await db.schema
        .createTable('login_failure')
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failure_address_at')
        .on('login_failure')
        .columns(['address', 'at'])
        .execute();

      // The audit trail is append-only: the database itself refuses to change or remove a row.
      if (dialect === 'postgres') {
        await sql`CREATE FUNCTION audit_event_append_only() RETURNS trigger AS $$
          BEGIN RAISE EXCEPTION 'audit_event is append-only'; END; $$ LANGUAGE plpgsql`.execute(db);
        await sql`CREATE TRIGGER audit_event_no_change BEFORE UPDATE OR DELETE ON audit_event
          FOR EACH ROW EXECUTE FUNCTION audit_event_append_only()`.execute(db);
      } else {
        for (const op of ['UPDATE', 'DELETE']) {
          await sql
            .raw(
              `CREATE TRIGGER audit_event_no_${op.toLowerCase()} BEFORE ${op} ON audit_event
               BEGIN SELECT RAISE(ABORT, 'audit_event is append-only'); END`,
            )
            .execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['login_failure', 'audit_event', 'session', 'console_account']) {
        await db.schema.dropTable(table).execute();
      }
      if (dialect === 'postgres') await sql`DROP FUNCTION audit_event_append_only`.execute(db);
    },
  };
}
