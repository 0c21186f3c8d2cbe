import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../src/bff/platform/audit/audit';
import { openStore } from '../src/bff/platform/database/database';
import { auditVerify } from './audit-verify';

describe('npm run audit:verify', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'audit-verify-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("checks the console's own store and names the first broken row", async () => {
    const store = await openStore({
      dialect: 'sqlite',
      file: path.join(dataDir, 'console.sqlite'),
    });
    for (let i = 1; i <= 4; i++) {
      await appendAudit(store.db, {
        at: i,
        account_id: 'a',
        account_email: 'a@example.test',
        role: 'coordinator',
        action: 'POST /v3/order',
        record_type: 'order',
        record_id: `order-${i}`,
        outcome: 200,
        request_id: `r-${i}`,
      });
    }
    const env = { DATA_DIR: dataDir };
    const intact = await auditVerify(env);
    expect(intact.code).toBe(0);
    expect(intact.message).toMatch(/intact: 4 rows, head [0-9a-f]{64}$/);

    await sql`DROP TRIGGER audit_event_no_update`.execute(store.db);
    await sql`UPDATE audit_event SET record_id = 'order-other' WHERE id = 2`.execute(store.db);
    await store.close();
    expect(await auditVerify(env)).toEqual({
      code: 1,
      message:
        'audit trail broken at row 2: its content does not match its hash (1 rows before it verified)',
    });
  });
});
