import type { Kysely, Migration } from 'kysely';

/**
 * Saved views of the orders list, so a person returns to the filters they use: a name and the list's filters as JSON text,
 * owned by one console account. Filters only, never patient names (see the contract).
 */
export function savedViews(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('saved_view')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        // JSON text: one representation on SQLite and PostgreSQL.
        .addColumn('search', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // Saving under a name the account already uses replaces that view.
        .addUniqueConstraint('saved_view_account_name', ['account_id', 'name'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('saved_view').execute();
    },
  };
}
