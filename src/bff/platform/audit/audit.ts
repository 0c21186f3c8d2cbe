import type SQLite from 'better-sqlite3';
import { PostgresAdapter, sql, type Insertable, type Kysely } from 'kysely';
import { GENESIS_HASH, hashAuditRow } from './auditChain';
import { prepared, sqliteNow } from '../database/database';
import type { AuditEventTable, Database } from '../database/schema';

export type AuditEntry = Omit<Insertable<AuditEventTable>, 'id' | 'prev_hash' | 'hash'>;

/** The rows to append after `last`, each linked to the one before by its hash. */
function chainRows(last: { id: number; hash: string } | undefined, entries: readonly AuditEntry[]) {
  let id = last?.id ?? 0;
  let prev = last?.hash ?? GENESIS_HASH;
  return entries.map((entry) => {
    id += 1;
    const row = {
      id,
      at: entry.at,
      account_id: entry.account_id ?? null,
      account_email: entry.account_email ?? null,
      role: entry.role ?? null,
      action: entry.action,
      record_type: entry.record_type,
      record_id: entry.record_id ?? null,
      outcome: entry.outcome,
      request_id: entry.request_id,
      patient_id: entry.patient_id ?? null,
      client_address: entry.client_address ?? null,
      detail: entry.detail ?? null,
      prev_hash: prev,
    };
    prev = hashAuditRow(row);
    return { ...row, hash: prev };
  });
}

/**
 * Appends rows at the end of the hash chain. Appends are serialised so the chain stays
 * one line: on PostgreSQL a transaction-scoped advisory lock, held until commit, across
 * every replica (this is the trail's only writer); SQLite has one writer, and Kysely
 * runs a transaction on its single connection alone.
 */
async function appendChained(db: Kysely<Database>, entries: readonly AuditEntry[]) {
  const sqlite = sqliteNow(db);
  if (sqlite) {
    appendNow(sqlite, entries);
    return;
  }
  await db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      // An advisory lock needs no privilege beyond INSERT; keyed by schema so two
      // consoles sharing a database do not wait on each other.
      await sql`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.audit_event'))`.execute(
        trx,
      );
    }
    const last = await trx
      .selectFrom('audit_event')
      .select(['id', 'hash'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await trx.insertInto('audit_event').values(chainRows(last, entries)).execute();
  });
}

const sqliteAppenders = new WeakMap<SQLite.Database, (entries: readonly AuditEntry[]) => void>();

/**
 * The same append on SQLite, synchronously in one immediate transaction: every proxied
 * call waits for its row, and this is the larger part of what the BFF adds to a call.
 */
function appendNow(sqlite: SQLite.Database, entries: readonly AuditEntry[]) {
  let append = sqliteAppenders.get(sqlite);
  if (!append) {
    const last = prepared<[], { id: number; hash: string }>(
      sqlite,
      'SELECT id, hash FROM audit_event ORDER BY id DESC LIMIT 1',
    );
    const insert = prepared(
      sqlite,
      `INSERT INTO audit_event (id, at, account_id, account_email, role, action, record_type,
         record_id, outcome, request_id, patient_id, client_address, detail, prev_hash, hash)
       VALUES (@id, @at, @account_id, @account_email, @role, @action, @record_type,
         @record_id, @outcome, @request_id, @patient_id, @client_address, @detail,
         @prev_hash, @hash)`,
    );
    const transaction = sqlite.transaction((batch: readonly AuditEntry[]) => {
      for (const row of chainRows(last.get(), batch)) insert.run(row);
    });
    append = (batch) => transaction.immediate(batch);
    sqliteAppenders.set(sqlite, append);
  }
  append(entries);
}

export async function appendAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await appendChained(db, [entry]);
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
      await appendChained(
        this.db,
        batch.map((p) => p.entry),
      );
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
