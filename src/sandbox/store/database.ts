import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrations } from './migrations';
import type { SandboxDatabase } from './schema';

export type SandboxDb = Kysely<SandboxDatabase>;

/** Opens (or creates) the sandbox's SQLite file and brings its schema up to date. */
export async function openSandboxDb(file: string): Promise<SandboxDb> {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // WAL with NORMAL sync is durable at each checkpoint and keeps seeding fast.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  const db = new Kysely<SandboxDatabase>({ dialect: new SqliteDialect({ database }) });
  const result = await new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Each domain's migration only adds its own tables, so a data folder made before an
    // earlier-numbered migration landed may apply it late.
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  if (result.error) {
    await db.destroy();
    throw result.error instanceof Error ? result.error : new Error('sandbox migration failed');
  }
  return db;
}
