import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandboxDb, type SandboxDb } from './store/database';
import { claimKey } from './store/idempotency';
import { buildTestApp, get, NOW } from './test/helper';
import { post, validOrder } from './test/ordering';

/* Cases that need a second handle on the store: a request still running under a key,
   and a user of another team. The app and the handle share one SQLite file. */

let dir: string;
let app: FastifyInstance;
let db: SandboxDb;
const OTHER_TEAM = '0b7e2d9a-3c41-4f6e-9a8b-5d2c1e0f4a7b';
const OTHER_USER = '6f1d3c2b-8a9e-4b7d-a1c0-2e5f7d9b3c18';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sandbox-ordering-'));
  const file = path.join(dir, 'lab.sqlite');
  app = await buildTestApp({ dbFile: file });
  db = await openSandboxDb(file);
  await db
    .insertInto('team')
    .values({ id: OTHER_TEAM, name: 'Other', created_at: NOW.toISOString() })
    .execute();
  await db
    .insertInto('lab_user')
    .values({
      id: OTHER_USER,
      team_id: OTHER_TEAM,
      client_user_id: 'other-1',
      created_on: NOW.toISOString(),
      document: '{}',
    })
    .execute();
});
afterAll(async () => {
  await db.destroy();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function total(): Promise<number> {
  return ((await get(app, '/v3/orders?size=1')).body as { total: number }).total;
}

describe('a request with the key of one still running', () => {
  it('is refused with 409, creates nothing, and may be retried once the first is done', async () => {
    const teamId = (
      await db
        .selectFrom('team')
        .select('id')
        .where('id', '!=', OTHER_TEAM)
        .executeTakeFirstOrThrow()
    ).id;
    expect(await claimKey(db, teamId, 'in-flight', NOW)).toEqual({ kind: 'claimed' });
    const before = await total();
    const refused = await post(app, '/v3/order', validOrder(), {
      'x-idempotency-key': 'in-flight',
    });
    expect(refused.status).toBe(409);
    expect(await total()).toBe(before);
    // The first request ends without keeping an answer (a crash): the retry goes through.
    await db.deleteFrom('idempotency_key').where('key', '=', 'in-flight').execute();
    const retried = await post(app, '/v3/order', validOrder(), {
      'x-idempotency-key': 'in-flight',
    });
    expect(retried.status).toBe(200);
    expect(await total()).toBe(before + 1);
  });
});

describe('another team’s user', () => {
  it('cannot be ordered for (404)', async () => {
    const { status } = await post(app, '/v3/order', validOrder({ user_id: OTHER_USER }));
    expect(status).toBe(404);
  });

  it('is not readable (404)', async () => {
    expect((await get(app, `/v2/user/${OTHER_USER}`)).status).toBe(404);
  });

  it('cannot receive a registered kit (403)', async () => {
    const { KIT, registration } = await import('./test/testkit');
    const kit = await post(app, '/v3/order/testkit', KIT());
    expect(kit.status).toBe(200);
    const sampleId = (kit.body.order as { sample_id: string }).sample_id;
    const refused = await post(
      app,
      '/v3/order/testkit/register',
      registration(sampleId, { user_id: OTHER_USER }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'The user belongs to another team' });
  });
});
