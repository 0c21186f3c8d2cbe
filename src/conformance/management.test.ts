import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGEMENT_KEY_HEADER } from '../contract';
import { ConformanceClient } from './client';
import { DocumentValidator, documentOperations, managementApiDocument } from './document';
import { NOW, startLabApi, type RunningLabApi } from './labApi';
import { MANAGEMENT } from './operations/management';
import type { ConformanceContext } from './table';

/*
 * The local Lab API's emulation of the organisation management API against its document
 * (management-api.json 0.1.0, closed world): every emulated operation is driven, and
 * every exchange is checked (query names, request body, status, answer).
 */

const MANAGEMENT_KEY = 'mg_conformance_local_key';
let labApi: RunningLabApi;
let ctx: ConformanceContext;

beforeAll(async () => {
  labApi = await startLabApi({ managementKey: MANAGEMENT_KEY });
  ctx = {
    api: new ConformanceClient(
      labApi.url,
      { header: MANAGEMENT_KEY_HEADER, value: MANAGEMENT_KEY },
      new DocumentValidator('closed', managementApiDocument),
    ),
    today: NOW.toISOString().slice(0, 10),
    taken: new Set(),
  };
});
afterAll(async () => {
  await labApi.close();
});

describe('the management conformance table', () => {
  it('names only operations of the management document, once each', () => {
    const keys = new Set(documentOperations(managementApiDocument).map((op) => op.key));
    const named = MANAGEMENT.map((entry) => entry.operation);
    expect(named.filter((key) => !keys.has(key))).toEqual([]);
    expect(named.filter((key, index) => named.indexOf(key) !== index)).toEqual([]);
  });
});

describe.each(MANAGEMENT)('$operation', (entry) => {
  it.each(entry.cases)('$name', async (testCase) => {
    const from = ctx.api.exchanges.length;
    await testCase.run(ctx);
    const exchanges = ctx.api.exchanges.slice(from);
    expect(exchanges.some((e) => e.operation === entry.operation)).toBe(true);
    expect(ctx.api.problemsSince(from)).toEqual([]);
  });
});
