import { TIMESERIES_RESOURCE_SLUGS } from '../../contract/timeseries';
import { PATIENTS } from '../../sandbox/seed';
import { documentOperations, labApiDocument } from '../document';
import { UNKNOWN_ID } from '../fixtures';
import type { ConformanceContext, OperationCase, OperationCheck } from '../table';

/*
 * Grouped timeseries: the document has one operation per resource. The local Lab API
 * serves them all on one route; the resources it generates are read page by page over a
 * week, the others answer their empty groups.
 */

interface Paged {
  next_cursor?: string | null;
}

const GROUPED = /^GET \/v2\/timeseries\/\{user_id\}\/([a-z0-9_]+)\/grouped$/;
const PATIENT = PATIENTS[0]?.id ?? '';
const generated: readonly string[] = TIMESERIES_RESOURCE_SLUGS;

async function readAll(ctx: ConformanceContext, resource: string, query: string) {
  const base = `/v2/timeseries/${PATIENT}/${resource}/grouped?${query}`;
  let url = base;
  for (let page = 0; page < 100; page++) {
    const { body } = await ctx.api.call<Paged>('GET', url, { expect: 200 });
    if (!body.next_cursor) return;
    url = `${base}&next_cursor=${encodeURIComponent(body.next_cursor)}`;
  }
  throw new Error(`${resource}: the cursor never ended`);
}

function casesFor(resource: string): OperationCase[] {
  if (!generated.includes(resource)) {
    return [
      {
        name: 'a resource the local Lab API does not generate answers empty groups',
        async run(ctx) {
          await ctx.api.call(
            'GET',
            `/v2/timeseries/${PATIENT}/${resource}/grouped?start_date=2026-02-01`,
            {
              expect: 200,
            },
          );
        },
      },
    ];
  }
  const cases: OperationCase[] = [
    {
      name: 'a week of samples from every source, page by page',
      run: (ctx) =>
        readAll(ctx, resource, 'start_date=2026-02-20T00:00:00Z&end_date=2026-02-26T23:59:59Z'),
    },
  ];
  if (resource === 'heartrate') {
    cases.push(
      {
        name: 'one provider, dates without times, and the deprecated cursor',
        async run(ctx) {
          const url = `/v2/timeseries/${PATIENT}/heartrate/grouped?start_date=2026-02-25&end_date=2026-02-25&provider=apple_health_kit`;
          const { body } = await ctx.api.call<Paged>('GET', url, { expect: 200 });
          if (body.next_cursor) {
            await ctx.api.call('GET', `${url}&cursor=${encodeURIComponent(body.next_cursor)}`, {
              expect: 200,
            });
          }
        },
      },
      {
        name: 'an unknown user is a 404 and a missing start date a 422',
        async run({ api }) {
          await api.call(
            'GET',
            `/v2/timeseries/${UNKNOWN_ID}/heartrate/grouped?start_date=2026-02-25`,
            {
              expect: 404,
            },
          );
          await api.call('GET', `/v2/timeseries/${PATIENT}/heartrate/grouped`, {
            expect: 422,
            invalidRequest: true,
          });
        },
      },
    );
  }
  return cases;
}

export const TIMESERIES: OperationCheck[] = documentOperations(labApiDocument).flatMap((op) => {
  const resource = GROUPED.exec(op.key)?.[1];
  return resource ? [{ operation: op.key, cases: casesFor(resource) }] : [];
});
