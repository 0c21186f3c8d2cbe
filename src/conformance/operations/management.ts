import { DEMO_ORG_ID } from '../../sandbox/management';
import { DEMO_TEAM_ID } from '../../sandbox/seed';
import type { ConformanceContext, OperationCheck } from '../table';

/*
 * The organisation management API operations the local Lab API emulates,
 * driven with an Org management key; each exchange is held to management-api.json.
 */

const org = (_ctx: ConformanceContext, path: string) => `/v1/org/${DEMO_ORG_ID}${path}`;

const hooks = `/team/${DEMO_TEAM_ID}/sandbox/webhook`;

async function newEndpoint(ctx: ConformanceContext): Promise<string> {
  const { body } = await ctx.api.call<{ id: string }>('POST', org(ctx, hooks), {
    json: {
      url: 'https://hooks.example.test/in',
      description: 'Conformance',
      filter_types: ['labtest.order.updated'],
      rate_limit: 5,
      disabled: true,
    },
    expect: 200,
  });
  return body.id;
}

export const MANAGEMENT: OperationCheck[] = [
  {
    operation: 'GET /v1/org/{org_id}/team',
    cases: [
      {
        name: 'the organisation’s teams',
        run: async (ctx) => {
          await ctx.api.call('GET', org(ctx, '/team'), { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'GET /v1/org/{org_id}/team/{team_id}',
    cases: [
      {
        name: 'one team',
        run: async (ctx) => {
          await ctx.api.call('GET', org(ctx, `/team/${DEMO_TEAM_ID}`), { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'GET /v1/org/{org_id}/lab_account/{env}/{region}',
    cases: [
      {
        name: 'a team’s lab accounts',
        run: async (ctx) => {
          await ctx.api.call('GET', org(ctx, `/lab_account/sandbox/us?team_id=${DEMO_TEAM_ID}`), {
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v1/org/{org_id}/team/{team_id}/{environment}/webhook',
    cases: [
      {
        name: 'the endpoints',
        run: async (ctx) => {
          await ctx.api.call('GET', org(ctx, hooks), { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'POST /v1/org/{org_id}/team/{team_id}/{environment}/webhook',
    cases: [
      {
        name: 'a new endpoint',
        run: async (ctx) => {
          await newEndpoint(ctx);
        },
      },
      {
        name: 'an endpoint without a URL is a 422',
        run: async (ctx) => {
          await ctx.api.call('POST', org(ctx, hooks), {
            json: { description: 'no url' },
            invalidRequest: true,
            expect: 422,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}',
    cases: [
      {
        name: 'one endpoint',
        run: async (ctx) => {
          const id = await newEndpoint(ctx);
          await ctx.api.call('GET', org(ctx, `${hooks}/${id}`), { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'PATCH /v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}',
    cases: [
      {
        name: 'an edit',
        run: async (ctx) => {
          const id = await newEndpoint(ctx);
          await ctx.api.call('PATCH', org(ctx, `${hooks}/${id}`), {
            json: { description: 'Edited', filter_types: null },
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'DELETE /v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}',
    cases: [
      {
        name: 'a deletion',
        run: async (ctx) => {
          const id = await newEndpoint(ctx);
          await ctx.api.call('DELETE', org(ctx, `${hooks}/${id}`), { expect: 204 });
        },
      },
    ],
  },
  {
    operation: 'GET /v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}/headers',
    cases: [
      {
        name: 'the custom headers',
        run: async (ctx) => {
          const id = await newEndpoint(ctx);
          await ctx.api.call('GET', org(ctx, `${hooks}/${id}/headers`), { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'PUT /v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}/headers',
    cases: [
      {
        name: 'new custom headers',
        run: async (ctx) => {
          const id = await newEndpoint(ctx);
          await ctx.api.call('PUT', org(ctx, `${hooks}/${id}/headers`), {
            json: { headers: { 'X-Tenant': 'north' } },
            expect: 204,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}/secret',
    cases: [
      {
        name: 'the signing secret',
        run: async (ctx) => {
          const id = await newEndpoint(ctx);
          await ctx.api.call('GET', org(ctx, `${hooks}/${id}/secret`), { expect: 200 });
        },
      },
    ],
  },
  {
    operation:
      'POST /v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}/secret/rotate',
    cases: [
      {
        name: 'a rotation',
        run: async (ctx) => {
          const id = await newEndpoint(ctx);
          await ctx.api.call('POST', org(ctx, `${hooks}/${id}/secret/rotate`), {
            json: {},
            expect: 204,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /v1/org/{org_id}/management_key',
    cases: [
      {
        name: 'the keys',
        run: async (ctx) => {
          await ctx.api.call('GET', org(ctx, '/management_key'), { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'POST /v1/org/{org_id}/management_key',
    cases: [
      {
        name: 'a Team key bound to a team',
        run: async (ctx) => {
          await ctx.api.call('POST', org(ctx, '/management_key'), {
            json: {
              label: 'bot',
              role: 'team_admin',
              team_role_bindings: [{ team_id: DEMO_TEAM_ID }],
            },
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'DELETE /v1/org/{org_id}/management_key/{key_id}',
    cases: [
      {
        name: 'a deletion',
        run: async (ctx) => {
          const { body } = await ctx.api.call<{ id: string }>('POST', org(ctx, '/management_key'), {
            json: { label: 'gone', role: 'org_admin' },
            expect: 200,
          });
          await ctx.api.call('DELETE', org(ctx, `/management_key/${body.id}`), { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'GET /v1/org/{org_id}/team_api_keys/{env}/{region}',
    cases: [
      {
        name: 'the keys',
        run: async (ctx) => {
          await ctx.api.call('GET', org(ctx, '/team_api_keys/sandbox/us'), { expect: 200 });
        },
      },
    ],
  },
  {
    operation: 'POST /v1/org/{org_id}/team_api_keys/{env}/{region}',
    cases: [
      {
        name: 'a new key',
        run: async (ctx) => {
          await ctx.api.call('POST', org(ctx, '/team_api_keys/sandbox/us'), {
            json: { label: 'intake', team_id: DEMO_TEAM_ID },
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'DELETE /v1/org/{org_id}/team_api_keys/{env}/{region}',
    cases: [
      {
        name: 'a deletion',
        run: async (ctx) => {
          const { body } = await ctx.api.call<{ id: string }>(
            'POST',
            org(ctx, '/team_api_keys/sandbox/us'),
            {
              json: { label: 'gone', team_id: DEMO_TEAM_ID },
              expect: 200,
            },
          );
          await ctx.api.call(
            'DELETE',
            org(ctx, `/team_api_keys/sandbox/us?api_key_id=${body.id}`),
            {
              expect: 200,
            },
          );
        },
      },
    ],
  },
];
