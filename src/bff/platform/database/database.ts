import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where it is: PostgreSQL's live-event listener opens its own connection there. */
  location?: StoreLocation;
  close(): Promise<void>;
}

export type StoreLocation =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string };

/** Where the console keeps its data: PostgreSQL when configured, else a file in the data folder. */
export function storeLocationFor(config: {
  databaseUrl: string | null;
  dataDir: string;
}): StoreLocation {
  return config.databaseUrl
    ? { dialect: 'postgres', url: config.databaseUrl }
    : { dialect: 'sqlite', file: path.join(config.dataDir, 'console.sqlite') };
}

/** Opens the console's database and brings its schema up to date. */
export async function openStore(location: StoreLocation): Promise<Store> {
  const { dialect, sqlite } = createDialect(location);
  const db = new Kysely<Database>({ dialect });
  if (sqlite) sqliteHandles.set(db, sqlite);
  const result = await new Migrator({
    db,
    // Kysely looks for its bookkeeping tables in every schema unless told which one;
    // a second console's schema in the same database would otherwise hide ours.
    ...(location.dialect === 'postgres' && location.schema
      ? { migrationTableSchema: location.schema }
      : {}),
    provider: { getMigrations: () => Promise.resolve(migrations(location.dialect)) },
  }).migrateToLatest();
  if (result.error) {
    await db.destroy();
    throw result.error instanceof Error ? result.error : new Error('migration failed');
  }
  return { db, dialect: location.dialect, location, close: () => db.destroy() };
}

const sqliteHandles = new WeakMap<Kysely<Database>, SQLite.Database>();

/**
 * The better-sqlite3 handle behind a SQLite store's Kysely, when a statement may run on
 * it synchronously now. The statements of every API call (its session, its audit row) cost
 * a fraction that way of going through Kysely's promises. Between two awaits of a Kysely
 * transaction the single connection is that transaction's: then there is none, and the
 * caller goes through Kysely, waiting its turn instead of joining that transaction.
 */
export function sqliteNow(db: Kysely<Database>): SQLite.Database | undefined {
  const sqlite = sqliteHandles.get(db);
  return sqlite && !sqlite.inTransaction ? sqlite : undefined;
}

const statementCaches = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/** `sqlite.prepare(sql)`, prepared once per SQL text (Kysely's queries and direct ones alike). */
export function prepared<P extends unknown[], R>(
  sqlite: SQLite.Database,
  sql: string,
): SQLite.Statement<P, R> {
  let statements = statementCaches.get(sqlite);
  if (!statements) statementCaches.set(sqlite, (statements = new Map<string, SQLite.Statement>()));
  let statement = statements.get(sql);
  if (!statement) {
    // Queries built from variable-length lists have many shapes; keep the cache small.
    if (statements.size >= 256) statements.clear();
    statement = sqlite.prepare(sql);
    statements.set(sql, statement);
  }
  return statement as SQLite.Statement<P, R>;
}

function createDialect(location: StoreLocation) {
  if (location.dialect === 'sqlite') {
    if (location.file !== ':memory:') mkdirSync(path.dirname(location.file), { recursive: true });
    const database = new SQLite(location.file);
    database.pragma('journal_mode = WAL');
    // WAL with NORMAL sync: durable at each checkpoint, and audit rows stay cheap per request.
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    return {
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
      sqlite: database,
    };
  }
  const pool = new pg.Pool({
    connectionString: location.url,
    max: 10,
    ...(location.schema ? { options: `-c search_path=${location.schema}` } : {}),
  });
  // int8 columns hold epoch milliseconds, well inside Number's exact range.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  return { dialect: new PostgresDialect({ pool }) };
}

/**
 * Kysely prepares every query anew; the BFF runs the same few statements on every
 * request (session, audit), so reuse each prepared statement by its SQL text.
 */
function withStatementCache(database: SQLite.Database) {
  return {
    close: () => database.close(),
    prepare: (sql: string) => prepared(database, sql),
  };
}
