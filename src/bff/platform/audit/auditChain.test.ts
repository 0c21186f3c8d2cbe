import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditTrail, appendAudit, listAudit, type AuditEntry } from './audit';
import { verifyAuditChain } from './auditChain';
import { openStore, type Store, type StoreLocation } from '../database/database';
import { migrations } from '../database/migrations';
import type { Database } from '../database/schema';
import { postgresLocation, skipPostgres } from '../database/testLocations';

const entry = (i: number): AuditEntry => ({
  at: 1_700_000_000_000 + i,
  account_id: `acc-${i % 3}`,
  account_email: `user${i % 3}@example.test`,
  role: 'coordinator',
  action: 'GET /v3/order/{order_id}',
  record_type: 'order',
  record_id: `order-${i}`,
  outcome: 200,
  request_id: `req-${i}`,
});

/* Each test gets a fresh trail; `location` lets a test open a second store on it, as a
   second replica of the BFF would. */
const dialects = [
  {
    name: 'SQLite',
    skip: false,
    open: async () => {
      const store = await openStore({ dialect: 'sqlite', file: ':memory:' });
      return { store, location: null as StoreLocation | null, drop: () => Promise.resolve() };
    },
  },
  {
    name: 'PostgreSQL',
    skip: skipPostgres,
    open: async () => {
      const pg = await postgresLocation();
      const store = await openStore(pg.location);
      return { store, location: pg.location as StoreLocation | null, drop: () => pg.drop() };
    },
  },
];

describe.each(dialects)('tamper-evident audit trail on $name', ({ name, open, skip }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const fresh = async () => {
    const opened = await open();
    cleanups.push(
      () => opened.drop(),
      () => opened.store.close(),
    );
    return opened;
  };

  /** What an intruder with the database's owner rights does first. */
  const liftTriggers = async (store: Store) => {
    if (name === 'SQLite') {
      for (const trigger of ['audit_event_no_update', 'audit_event_no_delete']) {
        await sql.raw(`DROP TRIGGER ${trigger}`).execute(store.db);
      }
    } else {
      await sql`ALTER TABLE audit_event DISABLE TRIGGER USER`.execute(store.db);
    }
  };

  it.skipIf(skip)('chains every row to the one before and verifies the chain', async () => {
    const { store } = await fresh();
    expect(await verifyAuditChain(store.db)).toEqual({ ok: true, rows: 0, head: '0'.repeat(64) });
    for (let i = 1; i <= 3; i++) await appendAudit(store.db, entry(i));
    const rows = (await listAudit(store.db)).reverse();
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(rows[0]?.prev_hash).toBe('0'.repeat(64));
    expect(rows[1]?.prev_hash).toBe(rows[0]?.hash);
    expect(rows[2]?.prev_hash).toBe(rows[1]?.hash);
    expect(await verifyAuditChain(store.db)).toEqual({ ok: true, rows: 3, head: rows[2]?.hash });
  });

  it.skipIf(skip)('refuses to overwrite, remove or empty the trail', async () => {
    const { store } = await fresh();
    await appendAudit(store.db, entry(1));
    await appendAudit(store.db, entry(2));
    const [first] = (await listAudit(store.db)).reverse();
    if (!first) throw new Error('no row');
    const forged = sql`(${first.id}, ${first.at}, 'intruder', 'intruder@example.test', 'admin',
      ${first.action}, ${first.record_type}, ${first.record_id}, 200, 'r', ${first.prev_hash}, 'x')`;
    const columns = sql.raw(
      '(id, at, account_id, account_email, role, action, record_type, record_id, outcome, request_id, prev_hash, hash)',
    );
    if (name === 'SQLite') {
      // REPLACE's implicit delete fires no delete trigger; the insert trigger stops it.
      await expect(
        sql`INSERT OR REPLACE INTO audit_event ${columns} VALUES ${forged}`.execute(store.db),
      ).rejects.toThrow(/append-only/);
      await expect(
        sql`REPLACE INTO audit_event ${columns} VALUES ${forged}`.execute(store.db),
      ).rejects.toThrow(/append-only/);
      // A row outside the chain is refused too.
      await expect(
        sql`INSERT INTO audit_event (id, at, action, record_type, outcome, request_id)
            VALUES (99, 1, 'x', 'x', 200, 'r')`.execute(store.db),
      ).rejects.toThrow(/append-only/);
    } else {
      await expect(sql`TRUNCATE audit_event`.execute(store.db)).rejects.toThrow(/append-only/);
      await expect(
        sql`INSERT INTO audit_event ${columns} VALUES ${forged}
            ON CONFLICT (id) DO UPDATE SET account_email = EXCLUDED.account_email`.execute(
          store.db,
        ),
      ).rejects.toThrow(/append-only/);
      await expect(
        sql`INSERT INTO audit_event (id, at, action, record_type, outcome, request_id)
            VALUES (99, 1, 'x', 'x', 200, 'r')`.execute(store.db),
      ).rejects.toThrow(/null value/);
    }
    await expect(sql`UPDATE audit_event SET outcome = 500`.execute(store.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_event`.execute(store.db)).rejects.toThrow(/append-only/);
    const rows = (await listAudit(store.db)).reverse();
    expect(rows.map((r) => [r.id, r.account_id])).toEqual([
      [1, 'acc-1'],
      [2, 'acc-2'],
    ]);
    expect((await verifyAuditChain(store.db)).ok).toBe(true);
  });

  it.skipIf(skip)('names the first row that was changed behind the triggers', async () => {
    const { store } = await fresh();
    for (let i = 1; i <= 5; i++) await appendAudit(store.db, entry(i));
    await liftTriggers(store);
    await sql`UPDATE audit_event SET account_email = 'someone-else@example.test' WHERE id = 3`.execute(
      store.db,
    );
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: false, rows: 2, brokenId: 3 });
  });

  it.skipIf(skip)('covers the patient, address and detail of a row', async () => {
    const { store } = await fresh();
    await appendAudit(store.db, entry(1));
    await appendAudit(store.db, {
      ...entry(2),
      patient_id: 'patient-2',
      client_address: '192.0.2.1',
      detail: JSON.stringify({ reason: 'signed-in' }),
    });
    await appendAudit(store.db, entry(3));
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: true, rows: 3 });
    await liftTriggers(store);
    // Moving the access to another patient, or hiding whose it was, is found.
    await sql`UPDATE audit_event SET patient_id = 'patient-9' WHERE id = 2`.execute(store.db);
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: false, brokenId: 2 });
    await sql`UPDATE audit_event SET patient_id = NULL WHERE id = 2`.execute(store.db);
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: false, brokenId: 2 });
    await sql`UPDATE audit_event SET patient_id = 'patient-2', detail = NULL WHERE id = 2`.execute(
      store.db,
    );
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: false, brokenId: 2 });
    // A patient given to a row that named none is found too.
    await sql`UPDATE audit_event SET patient_id = 'patient-3' WHERE id = 3`.execute(store.db);
    await sql`UPDATE audit_event SET detail = ${JSON.stringify({ reason: 'signed-in' })} WHERE id = 2`.execute(
      store.db,
    );
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: false, brokenId: 3 });
  });

  it.skipIf(skip)('names the row after one that was removed', async () => {
    const { store } = await fresh();
    for (let i = 1; i <= 5; i++) await appendAudit(store.db, entry(i));
    await liftTriggers(store);
    await sql`DELETE FROM audit_event WHERE id = 2`.execute(store.db);
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: false, brokenId: 3 });
  });

  it.skipIf(skip)('chains the rows written before the chain existed', async () => {
    let location: StoreLocation;
    if (name === 'SQLite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'audit-chain-'));
      cleanups.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
      location = { dialect: 'sqlite', file: path.join(dir, 'console.sqlite') };
    } else {
      const pgLocation = await postgresLocation();
      cleanups.push(() => pgLocation.drop());
      location = pgLocation.location;
    }
    // The store as it was before migration 004, with rows written then.
    const old = new Kysely<Database>({
      dialect:
        location.dialect === 'sqlite'
          ? new SqliteDialect({ database: new SQLite(location.file) })
          : new PostgresDialect({
              pool: new pg.Pool({
                connectionString: location.url,
                options: `-c search_path=${location.schema ?? 'public'}`,
              }),
            }),
    });
    const before004 = Object.fromEntries(
      Object.entries(migrations(location.dialect)).filter(([migration]) => migration < '004'),
    );
    const migrated = await new Migrator({
      db: old,
      ...(location.dialect === 'postgres' ? { migrationTableSchema: location.schema } : {}),
      provider: { getMigrations: () => Promise.resolve(before004) },
    }).migrateToLatest();
    expect(migrated.error).toBeUndefined();
    for (let i = 1; i <= 3; i++) {
      await sql`INSERT INTO audit_event
        (at, account_id, account_email, role, action, record_type, record_id, outcome, request_id)
        VALUES (${i}, 'a', 'a@example.test', 'ops', 'GET /v3/orders', 'order_list', NULL, 200, ${`r-${i}`})`.execute(
        old,
      );
    }
    await old.destroy();

    const store = await openStore(location);
    cleanups.push(() => store.close());
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: true, rows: 3 });
    await appendAudit(store.db, entry(4));
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: true, rows: 4 });
    await expect(sql`UPDATE audit_event SET outcome = 500`.execute(store.db)).rejects.toThrow(
      /append-only/,
    );
  });

  it.skipIf(skip)('keeps one line when replicas append at the same time', async () => {
    const { store, location } = await fresh();
    // A second replica: its own connections to the same trail (SQLite in memory has one).
    const other = location ? await openStore(location) : null;
    if (other) cleanups.push(() => other.close());
    const trails = [new AuditTrail(store.db), new AuditTrail((other ?? store).db)];
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        i % 7 === 0
          ? appendAudit((other ?? store).db, entry(i))
          : (trails[i % 2] as AuditTrail).append(entry(i)),
      ),
    );
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: true, rows: 300 });
    const rows = await listAudit(store.db, 1000);
    expect(new Set(rows.map((r) => r.request_id)).size).toBe(300);
  });

  it.skipIf(skip)(
    'keeps a row appended while another transaction is open when that one rolls back',
    async () => {
      const { store } = await fresh();
      let appended: Promise<void> | undefined;
      await expect(
        store.db.transaction().execute(async (trx) => {
          await trx.selectFrom('audit_event').select('id').execute();
          // The request that was answered meanwhile: its row must not share this fate.
          appended = appendAudit(store.db, entry(1));
          await new Promise((resolve) => setTimeout(resolve, 10));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await appended;
      const rows = await listAudit(store.db);
      expect(rows.map((r) => r.request_id)).toEqual(['req-1']);
      expect(await verifyAuditChain(store.db)).toMatchObject({ ok: true, rows: 1 });
    },
  );
});
