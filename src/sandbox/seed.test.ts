import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTION_METHODS,
  TOP_LEVEL_STATUSES,
  orderSchema,
  parseOrderStatus,
  type Order,
} from '../contract';
import { DEMO_TEAM_ID, PATIENTS } from './seed';
import { NOW, allOrders, buildTestApp, get, lowLevelOf } from './test/helper';

describe('the seed', () => {
  let everything: Order[];
  beforeAll(async () => {
    const app = await buildTestApp();
    everything = await allOrders(app);
    await app.close();
  });

  it('holds about two hundred orders of the demo team for about thirty patients', () => {
    expect(everything.length).toBeGreaterThanOrEqual(180);
    expect(everything.length).toBeLessThanOrEqual(220);
    expect(new Set(everything.map((o) => o.team_id))).toEqual(new Set([DEMO_TEAM_ID]));
    expect(new Set(everything.map((o) => o.user_id)).size).toBe(PATIENTS.length);
    expect(PATIENTS.length).toBe(30);
  });

  it('covers every top-level status and every collection method', () => {
    const tops = new Set(everything.map((o) => parseOrderStatus(o.last_event.status).topLevel));
    for (const top of TOP_LEVEL_STATUSES) expect(tops, top).toContain(top);
    const methods = new Set(everything.map((o) => o.details.type));
    expect([...methods].sort()).toEqual([...COLLECTION_METHODS].sort());
    for (const method of COLLECTION_METHODS) {
      const lows = new Set(everything.filter((o) => o.details.type === method).map(lowLevelOf));
      expect(lows.size, method).toBeGreaterThan(6);
    }
  });

  it('has orders whose status the contract has never seen, and they still parse', () => {
    const unknown = everything.filter(
      (o) => parseOrderStatus(o.last_event.status).knownLowLevel === null,
    );
    expect(unknown.map((o) => o.last_event.status).sort()).toEqual([
      'collecting_sample.at_home_phlebotomy.phlebotomist_en_route',
      'collecting_sample.testkit.held_at_customs',
      'on_hold.on_site_collection.awaiting_payment',
      'received.walk_in_test.insurance_review',
    ]);
    for (const order of unknown) expect(orderSchema.safeParse(order).success).toBe(true);
  });

  it('uses fictional contact details only', () => {
    for (const patient of PATIENTS) {
      expect(patient.email).toMatch(/@example\.(com|test)$/);
      expect(patient.phone_number).toMatch(/^\+1\d{3}55501\d{2}$/);
    }
    const zips = PATIENTS.map((p) => p.address.zip);
    expect(zips.filter((z) => z === '85004').length).toBeGreaterThanOrEqual(2);
    expect(zips.filter((z) => z === '54650').length).toBeGreaterThanOrEqual(2);
  });
});

describe('determinism', () => {
  it('two fresh stores with the same clock answer identically', async () => {
    const a = await buildTestApp();
    const b = await buildTestApp();
    try {
      for (const url of [
        '/v3/orders?size=100&page=2',
        '/v3/lab_tests',
        '/v3/lab_test/lab_account',
      ]) {
        expect((await get(a, url)).body).toEqual((await get(b, url)).body);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('another clock moves the times but keeps ids, people and statuses', async () => {
    const a = await buildTestApp();
    const later = await buildTestApp({ now: () => new Date(NOW.getTime() + 40 * 86_400_000) });
    try {
      const fingerprint = (orders: Order[]) =>
        orders
          .map((o) => [o.id, o.user_id, o.patient_details?.last_name, o.last_event.status].join())
          .sort();
      const [first, second] = [await allOrders(a), await allOrders(later)];
      expect(fingerprint(second)).toEqual(fingerprint(first));
      expect(second.map((o) => o.created_at)).not.toEqual(first.map((o) => o.created_at));
    } finally {
      await Promise.all([a.close(), later.close()]);
    }
  });
});

describe('persistence', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sandbox-store-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a store file survives a restart and is not seeded again', async () => {
    const dbFile = path.join(dir, 'nested', 'sandbox.sqlite');
    const first = await buildTestApp({ dbFile });
    const before = await allOrders(first);
    await first.close();

    // A different clock would give different times if the store were seeded again.
    const second = await buildTestApp({
      dbFile,
      now: () => new Date(NOW.getTime() + 7 * 86_400_000),
    });
    try {
      expect(await allOrders(second)).toEqual(before);
    } finally {
      await second.close();
    }
  });

  it('seed: false leaves an empty store empty', async () => {
    const app = await buildTestApp({ seed: false });
    try {
      expect((await get(app, '/v3/orders')).body).toEqual({
        orders: [],
        total: 0,
        page: 1,
        size: 50,
      });
    } finally {
      await app.close();
    }
  });
});
