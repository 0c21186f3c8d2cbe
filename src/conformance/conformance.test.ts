import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW_LIST } from '../bff/labProxy/allowList';
import { DELIBERATE_DIFFERENCES, INVENTED_ORDER_STATUSES } from '../contract/openapi/differences';
import { UNKNOWN_STATUS_SCENARIOS } from '../sandbox/seed/lifecycles';
import { ConformanceClient } from './client';
import { DocumentValidator, documentOperations, labApiDocument } from './document';
import { KEY, NOW, startLabApi, type RunningLabApi } from './labApi';
import { OPERATIONS } from './operations';
import { servedOperations, servedRoutes } from './served';
import type { ConformanceContext } from './table';

/*
 * The local Lab API against the provider's OpenAPI document (0.4.643): every operation
 * both share is driven with realistic requests, and every exchange is checked (request
 * body and query names, response status, content type and body). See README.md.
 */

const validator = new DocumentValidator();
const keyHeader = DELIBERATE_DIFFERENCES.find((d) => d.kind === 'key-header');

let labApi: RunningLabApi;
let ctx: ConformanceContext;

beforeAll(async () => {
  labApi = await startLabApi();
  ctx = {
    api: new ConformanceClient(
      labApi.url,
      { header: keyHeader?.kind === 'key-header' ? keyHeader.description : '', value: KEY },
      validator,
    ),
    today: NOW.toISOString().slice(0, 10),
    taken: new Set(),
  };
});

afterAll(async () => {
  const operations = new Set(ctx.api.exchanges.flatMap((e) => (e.operation ? [e.operation] : [])));
  const { responseBodies, requestBodies } = ctx.api.checked;
  console.info(
    `Conformance: ${String(operations.size)} document operations, ${String(ctx.api.exchanges.length)} exchanges: ${String(responseBodies)} answers against their declared schemas, ${String(requestBodies)} request bodies.`,
  );
  await labApi.close();
});

describe('the conformance table', () => {
  it('names only operations of the document, once each', () => {
    const keys = new Set(documentOperations(labApiDocument).map((op) => op.key));
    const named = OPERATIONS.map((entry) => entry.operation);
    expect(named.filter((key) => !keys.has(key))).toEqual([]);
    expect(named.filter((key, index) => named.indexOf(key) !== index)).toEqual([]);
  });

  it('checks every document operation the local Lab API serves, and no other', async () => {
    const served = await servedOperations(labApi.url);
    const checked = new Set(OPERATIONS.map((entry) => entry.operation));
    const unchecked = served.filter((key) => !checked.has(key));
    const notServed = [...checked].filter((key) => !served.includes(key));
    expect({ unchecked, notServed }).toEqual({ unchecked: [], notServed: [] });
  });

  it('checks every Lab API call the console makes (the BFF’s allow-list)', () => {
    const aliases = new Map<string, string>(
      DELIBERATE_DIFFERENCES.flatMap((d) =>
        d.kind === 'extra-route' && d.sameAs ? [[`${d.method} ${d.path}`, d.sameAs] as const] : [],
      ),
    );
    // An allow-list parameter stands for any one segment: `{resource}` covers each grouped
    // timeseries operation of the document, and parameter names may differ.
    const covers = (call: string) => {
      const pattern = new RegExp(`^${call.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      return OPERATIONS.some((entry) => pattern.test(entry.operation));
    };
    const unchecked = ALLOW_LIST.map((call) => `${call.method} ${call.path}`).filter(
      (key) => !covers(aliases.get(key) ?? key),
    );
    expect(unchecked).toEqual([]);
  });

  it('takes the key in the description’s header, or in the document’s when so configured', async () => {
    const scheme = labApiDocument.components.securitySchemes.apiKeyAuth;
    expect(keyHeader).toMatchObject({ kind: 'key-header', document: scheme?.name });
    const configured = await startLabApi({ keyHeader: scheme?.name ?? '' });
    try {
      const read = (header: string) =>
        fetch(`${configured.url}/v3/orders?size=1`, { headers: { [header]: KEY } });
      expect((await read(scheme?.name ?? '')).status).toBe(200);
      expect((await read(ctx.api.keyHeader)).status).toBe(401);
    } finally {
      await configured.close();
    }
  });

  it('lists exactly the statuses the seed invents', () => {
    const seeded = UNKNOWN_STATUS_SCENARIOS.map((scenario) => scenario.steps.at(-1)?.status);
    expect(seeded.sort()).toEqual([...INVENTED_ORDER_STATUSES].sort());
  });

  it('finds no route beyond the document but the deliberate extra routes', () => {
    const operations = documentOperations(labApiDocument);
    const extras = servedRoutes(labApi.app, operations);
    const listed = DELIBERATE_DIFFERENCES.flatMap((d) =>
      d.kind === 'extra-route' ? [`${d.method} ${d.path}`] : [],
    );
    expect(extras.sort()).toEqual(listed.sort());
  });
});

describe.each(OPERATIONS)('$operation', (entry) => {
  it.each(entry.cases)('$name', async (testCase) => {
    const from = ctx.api.exchanges.length;
    await testCase.run(ctx);
    const exchanges = ctx.api.exchanges.slice(from);
    // The case drove its operation and the document declares at least one answer it gave.
    const own = exchanges.filter((e) => e.operation === entry.operation);
    expect(own.length, `${entry.operation} was not called`).toBeGreaterThan(0);
    const problems = ctx.api.problemsSince(from);
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
  });
});

describe('after the table', () => {
  it('used every extra query parameter the differences list, with an answer the document declares', () => {
    const unused = DELIBERATE_DIFFERENCES.flatMap((d) => {
      if (d.kind !== 'extra-query-parameter') return [];
      const used = ctx.api.exchanges.some(
        (e) =>
          e.operation === d.operation &&
          e.status === 200 &&
          new URL(e.url, 'http://local').searchParams.has(d.parameter),
      );
      return used ? [] : [`${d.operation} ?${d.parameter}`];
    });
    expect(unused).toEqual([]);
  });
});
