import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTION_METHODS,
  NOT_FOUND_DETAIL,
  labAccountListSchema,
  labTestListSchema,
  markersPageSchema,
  requiresPhysician,
  validationErrorSchema,
} from '../contract';
import { buildTestApp, get } from './test/helper';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('GET /v3/lab_tests', () => {
  it('answers a bare array: the four starter tests, one per collection method', async () => {
    const { status, body } = await get(app, '/v3/lab_tests');
    expect(status).toBe(200);
    const tests = labTestListSchema.parse(body);
    expect(tests.map((t) => t.method).sort()).toEqual([...COLLECTION_METHODS].sort());
    for (const test of tests) {
      expect(test.status).toBe('active');
      expect(test.lab?.slug).toMatch(/^(quest|labcorp|bioreference)$/);
      expect(test.markers?.length).toBeGreaterThan(0);
      expect(test.markers?.every((m) => m.lab_id === test.lab?.id)).toBe(true);
      expect(test.common_tat_days).toBeGreaterThan(0);
    }
    expect(new Set(tests.map((t) => t.lab?.slug)).size).toBe(3);
  });

  it('filters by collection method, lab and name', async () => {
    const byMethod = labTestListSchema.parse(
      (await get(app, '/v3/lab_tests?collection_method=testkit')).body,
    );
    expect(byMethod.map((t) => t.method)).toEqual(['testkit']);
    const byLab = labTestListSchema.parse(
      (await get(app, '/v3/lab_tests?lab_slug=bioreference')).body,
    );
    expect(byLab.length).toBe(2);
    expect(byLab.every((t) => t.lab?.slug === 'bioreference')).toBe(true);
    const byName = labTestListSchema.parse((await get(app, '/v3/lab_tests?name=HEART')).body);
    expect(byName.map((t) => t.name)).toEqual(['Heart Health Panel']);
  });

  it('a lab account narrows the tests to its lab; an unknown one is 404', async () => {
    const accounts = labAccountListSchema.parse((await get(app, '/v3/lab_test/lab_account')).body);
    const quest = accounts.data.find((a) => a.lab === 'quest');
    const tests = labTestListSchema.parse(
      (await get(app, `/v3/lab_tests?lab_account_id=${quest?.id ?? ''}`)).body,
    );
    expect(tests.map((t) => t.lab?.slug)).toEqual(['quest']);
    const unknown = await get(
      app,
      '/v3/lab_tests?lab_account_id=4b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10',
    );
    expect(unknown).toEqual({ status: 404, body: { detail: NOT_FOUND_DETAIL.labAccount } });
  });

  it('an unknown method is a 422', async () => {
    const { status, body } = await get(app, '/v3/lab_tests?collection_method=drone');
    expect(status).toBe(422);
    expect(validationErrorSchema.parse(body).detail).toEqual([
      expect.objectContaining({ loc: ['query', 'collection_method'], type: 'enum' }),
    ]);
  });
});

/** The local Lab API always counts (the document would allow null). */
const counted = (n: number | null | undefined): number => {
  if (typeof n !== 'number') throw new Error('the markers page has no count');
  return n;
};

describe('GET /v3/lab_tests/markers', () => {
  it('pages all markers with total and pages', async () => {
    const first = markersPageSchema.parse((await get(app, '/v3/lab_tests/markers?size=5')).body);
    expect(first).toMatchObject({ page: 1, size: 5 });
    expect(first.markers).toHaveLength(5);
    expect(first.pages).toBe(Math.ceil(counted(first.total) / 5));
    const seen = new Set<number>();
    for (let page = 1; page <= counted(first.pages); page++) {
      const body = markersPageSchema.parse(
        (await get(app, `/v3/lab_tests/markers?size=5&page=${page}`)).body,
      );
      for (const marker of body.markers) seen.add(marker.id);
    }
    expect(seen.size).toBe(first.total);
  });

  it("lab_slug keeps one lab's markers", async () => {
    const page = markersPageSchema.parse(
      (await get(app, '/v3/lab_tests/markers?lab_slug=quest')).body,
    );
    const all = markersPageSchema.parse((await get(app, '/v3/lab_tests/markers?size=100')).body);
    expect(page.total).toBeGreaterThan(0);
    expect(page.total).toBeLessThan(counted(all.total));
    expect(page.markers.every((m) => m.lab_id === 1)).toBe(true);
    expect(page.total).toBe(all.markers.filter((m) => m.lab_id === 1).length);
  });

  it('lab_id (repeatable) and name filter too', async () => {
    const two = markersPageSchema.parse(
      (await get(app, '/v3/lab_tests/markers?lab_id=2&lab_id=3')).body,
    );
    expect(new Set(two.markers.map((m) => m.lab_id))).toEqual(new Set([2, 3]));
    const named = markersPageSchema.parse((await get(app, '/v3/lab_tests/markers?name=a1c')).body);
    expect(named.markers.map((m) => m.name)).toEqual([
      'Hemoglobin A1c',
      'Hemoglobin A1c',
      'Hemoglobin A1c',
    ]);
  });

  it('markers carry provider ids, units, string prices and ask-on-entry questions', async () => {
    const all = markersPageSchema.parse((await get(app, '/v3/lab_tests/markers?size=100')).body);
    for (const marker of all.markers) {
      expect(marker.provider_id).toMatch(/^\d+$/);
      expect(typeof marker.price).toBe('string');
    }
    expect(all.markers.some((m) => (m.aoe?.questions.length ?? 0) > 0)).toBe(true);
    expect(all.markers.some((m) => m.type === 'panel')).toBe(true);
  });

  it('size over 100 is a 422', async () => {
    const { status } = await get(app, '/v3/lab_tests/markers?size=101');
    expect(status).toBe(422);
  });
});

describe('GET /v3/lab_test/lab_account', () => {
  it("lists the team's accounts under data, one of them delegated", async () => {
    const { status, body } = await get(app, '/v3/lab_test/lab_account');
    expect(status).toBe(200);
    const accounts = labAccountListSchema.parse(body).data;
    expect(accounts.length).toBe(4);
    const delegated = accounts.filter((a) => requiresPhysician(a.delegated_flow));
    expect(delegated.map((a) => a.delegated_flow)).toEqual(['order_delegated']);
    expect(accounts.some((a) => a.delegated_flow === 'not_delegated')).toBe(true);
    expect(accounts.filter((a) => a.default_clinical_notes).length).toBe(1);
  });

  it('filters by lab_account_id and by status', async () => {
    const all = labAccountListSchema.parse((await get(app, '/v3/lab_test/lab_account')).body).data;
    const one = all[1];
    const byId = labAccountListSchema.parse(
      (await get(app, `/v3/lab_test/lab_account?lab_account_id=${one?.id ?? ''}`)).body,
    ).data;
    expect(byId).toEqual([one]);
    const pending = labAccountListSchema.parse(
      (await get(app, '/v3/lab_test/lab_account?status=pending')).body,
    ).data;
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.length).toBeLessThan(all.length);
    expect(pending.every((a) => a.status === 'pending')).toBe(true);
  });

  it('an unknown status is a 422', async () => {
    const { status } = await get(app, '/v3/lab_test/lab_account?status=sleeping');
    expect(status).toBe(422);
  });
});
