import { createLabTestRequestSchema } from '../../contract';
import { LAB_ACCOUNTS, LAB_TESTS } from '../../sandbox/seed';
import { UNKNOWN_ID } from '../fixtures';
import type { ConformanceContext, OperationCheck } from '../table';

/* The team's catalogue: paged lab tests, a test's markers, labs, custom panels. */

const quest = LAB_ACCOUNTS.find((a) => a.lab === 'quest');
const walkIn = LAB_TESTS.find((t) => t.method === 'walk_in_test');

/** What the new-panel dialog sends: Quest markers for the Quest account. */
const panelRequest = (name: string) =>
  createLabTestRequestSchema.parse({
    name,
    method: 'walk_in_test',
    description: 'Glucose and HbA1c for the diabetes clinic',
    marker_ids: [101, 102],
    lab_account_id: quest?.id,
  });

async function createPanel(ctx: ConformanceContext, name: string) {
  const { body } = await ctx.api.call<{ id: string }>('POST', '/v3/lab_tests', {
    json: panelRequest(name),
    expect: 200,
  });
  return body.id;
}

export const LAB_TEST_CATALOGUE: OperationCheck[] = [
  {
    operation: 'GET /v3/lab_test',
    cases: [
      {
        name: 'pages of two with their cursor, filters, and every generation method',
        async run({ api }) {
          const { body } = await api.call<{ next_cursor: string | null }>(
            'GET',
            '/v3/lab_test?lab_test_limit=2',
            { expect: 200 },
          );
          await api.call(
            'GET',
            `/v3/lab_test?lab_test_limit=2&next_cursor=${body.next_cursor ?? ''}`,
            {
              expect: 200,
            },
          );
          await api.call('GET', '/v3/lab_test?generation_method=all&collection_method=testkit', {
            expect: 200,
          });
          await api.call('GET', `/v3/lab_test?lab_account_id=${quest?.id ?? ''}&name=panel`, {
            expect: 200,
          });
        },
      },
      {
        name: 'a cursor of its own making is a 400; an unknown lab account a 404',
        async run({ api }) {
          await api.call('GET', '/v3/lab_test?next_cursor=bogus', { expect: 400 });
          await api.call('GET', `/v3/lab_test?lab_account_id=${UNKNOWN_ID}`, { expect: 404 });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/lab_tests/labs',
    cases: [
      {
        name: 'the labs',
        async run({ api }) {
          await api.call('GET', '/v3/lab_tests/labs', { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/lab_tests/{lab_test_id}',
    cases: [
      {
        name: 'each starter test by id, and through the lab account of its lab',
        async run({ api }) {
          for (const test of LAB_TESTS) {
            await api.call('GET', `/v3/lab_tests/${test.id}`, { expect: 200 });
          }
          await api.call(
            'GET',
            `/v3/lab_tests/${walkIn?.id ?? ''}?lab_account_id=${quest?.id ?? ''}`,
            {
              expect: 200,
            },
          );
        },
      },
      {
        name: 'a custom panel by id',
        async run(ctx) {
          const id = await createPanel(ctx, 'Diabetes check by id');
          await ctx.api.call('GET', `/v3/lab_tests/${id}`, { expect: 200 });
        },
      },
      {
        name: 'an unknown test, another lab’s account or an unknown account is a 404; no UUID a 422',
        async run({ api }) {
          const labcorp = LAB_ACCOUNTS.find((a) => a.lab === 'labcorp');
          await api.call('GET', `/v3/lab_tests/${UNKNOWN_ID}`, { expect: 404 });
          await api.call(
            'GET',
            `/v3/lab_tests/${walkIn?.id ?? ''}?lab_account_id=${labcorp?.id ?? ''}`,
            {
              expect: 404,
            },
          );
          await api.call('GET', `/v3/lab_tests/${walkIn?.id ?? ''}?lab_account_id=${UNKNOWN_ID}`, {
            expect: 404,
          });
          await api.call('GET', '/v3/lab_tests/not-a-uuid', { expect: 422, invalidRequest: true });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/lab_tests/{lab_test_id}/markers',
    cases: [
      {
        name: 'a starter test’s markers, paged; an unknown test is a 404',
        async run({ api }) {
          await api.call('GET', `/v3/lab_tests/${walkIn?.id ?? ''}/markers?page=1&size=2`, {
            expect: 200,
          });
          await api.call('GET', `/v3/lab_tests/${UNKNOWN_ID}/markers`, { expect: 404 });
        },
      },
    ],
  },
  {
    operation: 'GET /v3/lab_tests/{lab_id}/markers/{provider_id}',
    cases: [
      {
        name: 'one marker by its lab’s code; another lab’s code is a 404',
        async run({ api }) {
          const { body } = await api.call<{ markers: { lab_id: number; provider_id: string }[] }>(
            'GET',
            '/v3/lab_tests/markers?lab_slug=quest&size=1',
            { expect: 200 },
          );
          const [marker] = body.markers;
          if (!marker) throw new Error('no Quest marker');
          await api.call('GET', `/v3/lab_tests/${marker.lab_id}/markers/${marker.provider_id}`, {
            expect: 200,
          });
          await api.call(
            'GET',
            `/v3/lab_tests/${marker.lab_id + 1}/markers/${marker.provider_id}`,
            {
              expect: 404,
            },
          );
        },
      },
    ],
  },
  {
    operation: 'POST /v3/lab_tests/list_order_set_markers',
    cases: [
      {
        name: 'the markers of an order set of tests, and of add-on markers',
        async run({ api }) {
          await api.call('POST', '/v3/lab_tests/list_order_set_markers', {
            json: { lab_test_ids: [walkIn?.id] },
            expect: 200,
          });
          await api.call('POST', '/v3/lab_tests/list_order_set_markers?page=1&size=1', {
            json: { add_on: { marker_ids: [101, 102] } },
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'POST /v3/lab_tests',
    cases: [
      {
        name: 'a custom panel from markers',
        async run(ctx) {
          await createPanel(ctx, 'Diabetes follow-up');
        },
      },
      {
        name: 'markers of two labs, and no markers, are 422s',
        async run({ api }) {
          await api.call('POST', '/v3/lab_tests', {
            json: { ...panelRequest('Mixed'), marker_ids: [101, 202], lab_account_id: null },
            expect: 422,
          });
          await api.call('POST', '/v3/lab_tests', {
            json: { ...panelRequest('Empty'), marker_ids: [] },
            expect: 422,
          });
        },
      },
    ],
  },
  {
    operation: 'PATCH /v3/lab_tests/{lab_test_id}',
    cases: [
      {
        name: 'a custom panel renamed, then made active',
        async run(ctx) {
          const id = await createPanel(ctx, 'Renal check');
          await ctx.api.call('PATCH', `/v3/lab_tests/${id}`, {
            json: { name: 'Renal function check' },
            expect: 200,
          });
          await ctx.api.call('PATCH', `/v3/lab_tests/${id}`, {
            json: { active: true },
            expect: 200,
          });
        },
      },
      {
        name: 'an unknown test is a 404',
        async run({ api }) {
          await api.call('PATCH', `/v3/lab_tests/${UNKNOWN_ID}`, {
            json: { name: 'Nobody' },
            expect: 404,
          });
        },
      },
    ],
  },
];
