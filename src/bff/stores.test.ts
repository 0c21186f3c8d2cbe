import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount, findAccountByEmail, removeAccounts } from './platform/accounts/accounts';
import { AuditTrail, appendAudit, listAudit } from './platform/audit/audit';
import { openStore, type Store } from './platform/database/database';
import {
  ACCOUNT_FAILURE_LIMIT,
  ACCOUNT_LOCKOUT_MS,
  LOGIN_FAILURE_LIMIT,
  accountLockedFor,
  clearAccountFailures,
  isThrottled,
  recordLoginFailure,
} from './signIn/loginFailures';
import { listParsingJobs, recordParsingJob } from './labReports/parsingJobs';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  claimIdempotencyKey,
  readServerSecret,
  settleIdempotencyKey,
} from './labProxy/idempotencyKeys';
import { createSession, resumeSession } from './platform/session/sessions';
import { postgresLocation, skipPostgres } from './platform/database/testLocations';

const policy = { idleSeconds: 15 * 60, absoluteSeconds: 12 * 3600 };

const dialects = [
  {
    name: 'SQLite (embedded default)',
    open: () =>
      openStore({ dialect: 'sqlite', file: ':memory:' }).then((s) => ({
        store: s,
        drop: () => Promise.resolve(),
      })),
  },
  {
    name: 'PostgreSQL (production store)',
    skip: skipPostgres,
    open: async () => {
      const pgLocation = await postgresLocation();
      return { store: await openStore(pgLocation.location), drop: () => pgLocation.drop() };
    },
  },
];

describe.each(dialects)('BFF store on $name', ({ open, skip }) => {
  let store: Store;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    if (skip) return;
    ({ store, drop } = await open());
  });
  afterAll(async () => {
    if (skip) return;
    await store.close();
    await drop();
  });

  it.skipIf(skip)('creates an account once, by lower-cased e-mail, and removes it', async () => {
    const account = {
      email: 'Pat@Example.test',
      name: 'Pat',
      role: 'ops' as const,
      password: 'pw-123456',
    };
    await ensureAccount(store.db, account);
    await ensureAccount(store.db, { ...account, name: 'Changed' });
    const row = await findAccountByEmail(store.db, 'pat@example.test');
    expect(row?.name).toBe('Pat');
    expect(row?.password_hash).not.toContain('pw-123456');
    await removeAccounts(store.db, ['pat@example.test']);
    expect(await findAccountByEmail(store.db, 'pat@example.test')).toBeUndefined();
  });

  it.skipIf(skip)('ends a session after 15 idle minutes or 12 hours in all', async () => {
    await ensureAccount(store.db, {
      email: 's@example.test',
      name: 'S',
      role: 'clinician',
      password: 'pw-123456',
    });
    const account = await findAccountByEmail(store.db, 's@example.test');
    if (!account) throw new Error('account not created');
    const t0 = 1_700_000_000_000;
    const idle = await createSession(store.db, account.id, t0);
    expect(await resumeSession(store.db, idle, policy, t0 + 14 * 60_000)).not.toBeNull();
    // Activity at 14 min moved the idle clock: 28 min is 14 idle minutes later.
    expect(await resumeSession(store.db, idle, policy, t0 + 28 * 60_000)).not.toBeNull();
    expect(await resumeSession(store.db, idle, policy, t0 + 44 * 60_000)).toBeNull();
    // Once ended it stays ended.
    expect(await resumeSession(store.db, idle, policy, t0 + 45 * 60_000)).toBeNull();

    const long = await createSession(store.db, account.id, t0);
    let now = t0;
    while (now + 10 * 60_000 < t0 + 12 * 3600_000) {
      now += 10 * 60_000;
      expect(await resumeSession(store.db, long, policy, now)).not.toBeNull();
    }
    expect(await resumeSession(store.db, long, policy, t0 + 12 * 3600_000)).toBeNull();
    expect(await resumeSession(store.db, 'not-a-token', policy, t0)).toBeNull();
  });

  it.skipIf(skip)('keeps the audit trail append-only', async () => {
    const entry = {
      at: Date.now(),
      account_id: 'a',
      account_email: 'a@example.test',
      role: 'ops',
      action: 'GET /v3/order/{order_id}',
      record_type: 'order',
      record_id: 'o-1',
      outcome: 200,
      request_id: 'r-1',
    };
    await appendAudit(store.db, entry);
    const [row] = await listAudit(store.db, 1);
    expect(row).toMatchObject(entry);
    await expect(sql`UPDATE audit_event SET outcome = 500`.execute(store.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_event`.execute(store.db)).rejects.toThrow(/append-only/);
    expect(await listAudit(store.db)).toHaveLength(1);
  });

  it.skipIf(skip)(
    'commits concurrent audit rows together, each caller waiting for its row',
    async () => {
      const trail = new AuditTrail(store.db);
      const before = (await listAudit(store.db, 10_000)).length;
      const entry = (i: number) => ({
        at: Date.now(),
        account_id: 'a',
        account_email: 'a@example.test',
        role: 'ops',
        action: 'GET /v3/orders',
        record_type: 'order_list',
        record_id: null,
        outcome: 200,
        request_id: `batch-${i}`,
      });
      await Promise.all(Array.from({ length: 620 }, (_, i) => trail.append(entry(i))));
      const rows = await listAudit(store.db, 10_000);
      expect(rows.length).toBe(before + 620);
      expect(new Set(rows.map((r) => r.request_id))).toContain('batch-619');
      // A row the database refuses fails its caller instead of vanishing.
      await expect(
        trail.append({ ...entry(0), action: null as unknown as string }),
      ).rejects.toThrow();
    },
  );

  it.skipIf(skip)('throttles an address after five failed sign-ins within a minute', async () => {
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expect(await isThrottled(store.db, '203.0.113.9', t0 + i)).toBe(false);
      await recordLoginFailure(store.db, { address: '203.0.113.9', email: null }, t0 + i);
    }
    expect(await isThrottled(store.db, '203.0.113.9', t0 + 10)).toBe(true);
    expect(await isThrottled(store.db, '198.51.100.1', t0 + 10)).toBe(false);
    expect(await isThrottled(store.db, '203.0.113.9', t0 + 61_000)).toBe(false);
  });

  it.skipIf(skip)(
    'locks an account tried from many addresses, for minutes after each failure',
    async () => {
      const t0 = 1_700_000_000_000;
      const fail = (i: number, at: number) =>
        recordLoginFailure(store.db, { address: `198.51.100.${i}`, email: 'Lee@Example.test' }, at);
      // Failures older than an hour do not count.
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) await fail(i, t0 - 3_600_000 - 1000 + i);
      expect(await accountLockedFor(store.db, 'lee@example.test', t0)).toBe(0);
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) await fail(i, t0 + i);
      expect(await accountLockedFor(store.db, 'lee@example.test', t0 + 100)).toBe(0);
      await fail(99, t0 + 100);
      expect(await accountLockedFor(store.db, 'LEE@example.test', t0 + 100)).toBe(
        ACCOUNT_LOCKOUT_MS,
      );
      expect(await accountLockedFor(store.db, 'other@example.test', t0 + 100)).toBe(0);
      // The lockout is short; the next failure within the hour locks again.
      const after = t0 + 100 + ACCOUNT_LOCKOUT_MS;
      expect(await accountLockedFor(store.db, 'lee@example.test', after)).toBe(0);
      await fail(7, after);
      expect(await accountLockedFor(store.db, 'lee@example.test', after + 1)).toBe(
        ACCOUNT_LOCKOUT_MS - 1,
      );
      // Its owner signing in ends the count.
      await clearAccountFailures(store.db, 'lee@example.test');
      expect(await accountLockedFor(store.db, 'lee@example.test', after + 1)).toBe(0);
    },
  );

  it.skipIf(skip)(
    "keeps each account's idempotency keys apart, with the request each was first used for",
    async () => {
      const t0 = 1_700_000_000_000;
      const key = { accountId: 'acc-a', keyHash: 'k1', fingerprint: 'body-1' };
      // Of concurrent claims (replicas), exactly one wins; the others see it running.
      const claims = await Promise.all(
        Array.from({ length: 5 }, () => claimIdempotencyKey(store.db, key, t0)),
      );
      expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
      expect(claims.filter((c) => c.kind === 'running')).toHaveLength(4);
      expect(await claimIdempotencyKey(store.db, { ...key, fingerprint: 'body-2' }, t0)).toEqual({
        kind: 'mismatch',
      });
      // Another account's key of the same text is its own.
      expect(await claimIdempotencyKey(store.db, { ...key, accountId: 'acc-b' }, t0)).toEqual({
        kind: 'claimed',
      });
      await settleIdempotencyKey(store.db, key);
      expect(await claimIdempotencyKey(store.db, key, t0 + 1)).toEqual({ kind: 'done' });
      // Forgotten after its time: a new first use, even for another request.
      const later = t0 + IDEMPOTENCY_KEY_TTL_MS;
      expect(await claimIdempotencyKey(store.db, { ...key, fingerprint: 'body-2' }, later)).toEqual(
        { kind: 'claimed' },
      );
      expect(await readServerSecret(store.db, 'idempotency')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    },
  );

  it.skipIf(skip)(
    'records the parsing jobs the console created and lists them newest first',
    async () => {
      const job = {
        user_id: '7f1c1a52-3c4e-4d55-9a2b-5a8f0f0e1a11',
        account_id: 'acc-1',
        account_email: 'ops@example.test',
        file_name: 'report.pdf',
        report_type: 'pdf' as const,
        size_bytes: 12_345,
        needs_human_review: true,
      };
      await recordParsingJob(store.db, { ...job, job_id: 'job-old', created_at: 1_000 });
      await recordParsingJob(store.db, {
        ...job,
        job_id: 'job-new',
        user_id: '0b7e4c1d-9f5a-4b6e-8c3d-2a1f0e9d8c7b',
        needs_human_review: false,
        created_at: 2_000,
      });
      const all = await listParsingJobs(store.db, { limit: 10 });
      expect(all.map((j) => j.job_id)).toEqual(['job-new', 'job-old']);
      expect(all[1]).toMatchObject({
        needs_human_review: true,
        size_bytes: 12_345,
        created_at: new Date(1_000).toISOString(),
      });
      const one = await listParsingJobs(store.db, { limit: 10, userId: job.user_id });
      expect(one.map((j) => j.job_id)).toEqual(['job-old']);
    },
  );
});
