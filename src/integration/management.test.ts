import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEPRECATED_MANAGEMENT_KEY_HEADER,
  MANAGEMENT_KEY_HEADER,
  PLAN_REQUIRED_PROBLEM,
  ROLES,
  createdApiKeySchema,
  listedApiKeysSchema,
  listedManagementKeysSchema,
  managementKeyCreatedSchema,
  orgTeamListSchema,
  webhookListSchema,
  webhookSchema,
} from '../contract';
import { DEMO_TEAM_ID } from '../sandbox/seed';
import { startStack, type Stack } from './stack';

/*
 * Management through the organisation management API (teams, webhooks, keys): the BFF in front of the
 * local Lab API's emulation, with the management key only in the BFF.
 */

let stack: Stack;
let admin: string;

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.signIn('admin');
});
afterAll(async () => {
  await stack.close();
});

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const webhooksPath = `/api/management/teams/${DEMO_TEAM_ID}/sandbox/webhooks`;

async function auditRows(action: string) {
  return stack.store.db
    .selectFrom('audit_event')
    .select(['role', 'action', 'record_id', 'outcome'])
    .where('action', '=', action)
    .execute();
}

describe('management through the BFF', () => {
  it('lets only admins reach management, and audits every call, refusals too', async () => {
    const calls: ['GET' | 'POST' | 'DELETE', string][] = [
      ['GET', '/api/management/teams'],
      ['GET', webhooksPath],
      ['POST', webhooksPath],
      ['GET', '/api/management/api-keys/sandbox/us'],
      ['POST', '/api/management/api-keys/sandbox/us'],
      ['GET', '/api/management/management-keys'],
      ['POST', '/api/management/management-keys'],
      ['DELETE', '/api/management/management-keys/00000000-0000-4000-8000-000000000000'],
    ];
    const before = stack.upstreamCalls.length;
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const cookie = await stack.signIn(role);
      for (const [method, url] of calls) {
        const response = await stack.request(cookie, method, url, json({}));
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    // Refused in the BFF: nothing reached the management API.
    expect(stack.upstreamCalls.slice(before).filter((c) => c.includes('/v1/org/'))).toEqual([]);
    const refused = await auditRows(`GET /api/management/teams`);
    expect(
      refused
        .filter((r) => r.outcome === 403)
        .map((r) => r.role)
        .sort(),
    ).toEqual(['clinician', 'coordinator', 'ops'].sort());

    const teams = await stack.request(admin, 'GET', '/api/management/teams');
    expect(teams.statusCode).toBe(200);
    expect(orgTeamListSchema.parse(teams.json()).teams.map((t) => t.id)).toContain(DEMO_TEAM_ID);
    expect(stack.lastUpstreamHeaders[MANAGEMENT_KEY_HEADER]).toBe(stack.managementKey);
  });

  it('creates, edits and deletes a webhook endpoint, with headers, audited with its id', async () => {
    const created = await stack.request(
      admin,
      'POST',
      webhooksPath,
      json({
        url: 'https://hooks.example.test/lab',
        description: 'EHR bridge',
        filter_types: ['labtest.order.updated'],
        rate_limit: 10,
        disabled: true,
      }),
    );
    expect(created.statusCode).toBe(201);
    const endpoint = webhookSchema.parse(created.json());
    expect(endpoint.filter_types).toEqual(['labtest.order.updated']);

    const edited = await stack.request(
      admin,
      'PATCH',
      `${webhooksPath}/${endpoint.id}`,
      json({ description: 'EHR bridge (new)', disabled: false }),
    );
    expect(edited.statusCode).toBe(200);
    expect(webhookSchema.parse(edited.json()).disabled).toBe(false);

    const headers = await stack.request(
      admin,
      'PUT',
      `${webhooksPath}/${endpoint.id}/headers`,
      json({ headers: { 'X-Tenant': 'north' } }),
    );
    expect(headers.statusCode).toBe(204);
    const read = await stack.request(admin, 'GET', `${webhooksPath}/${endpoint.id}/headers`);
    expect(read.json()).toMatchObject({ headers: { 'X-Tenant': 'north' } });

    const invalid = await stack.request(admin, 'POST', webhooksPath, json({ url: 'ftp://x' }));
    expect(invalid.statusCode).toBe(422);

    const deleted = await stack.request(admin, 'DELETE', `${webhooksPath}/${endpoint.id}`);
    expect(deleted.statusCode).toBe(204);
    const listed = webhookListSchema.parse(
      (await stack.request(admin, 'GET', webhooksPath)).json(),
    );
    expect(listed.data.map((w) => w.id)).not.toContain(endpoint.id);

    const rows = await auditRows(
      `DELETE ${webhooksPath.replace(DEMO_TEAM_ID, ':teamId').replace('/sandbox/', '/:environment/')}/:webhookId`,
    );
    expect(rows.map((r) => [r.role, r.record_id, r.outcome])).toEqual([
      ['admin', endpoint.id, 204],
    ]);
  });

  it('shows a team API key once: afterwards only its last four characters', async () => {
    const created = await stack.request(
      admin,
      'POST',
      '/api/management/api-keys/sandbox/us',
      json({ label: 'Intake service', team_id: DEMO_TEAM_ID }),
    );
    expect(created.statusCode).toBe(201);
    const key = createdApiKeySchema.parse(created.json());
    expect(key.value).toMatch(/^sk_us_/);
    expect(key.hint).toBe(`…${key.value.slice(-4)}`);

    const listed = await stack.request(admin, 'GET', '/api/management/api-keys/sandbox/us');
    expect(listed.body).not.toContain(key.value);
    const keys = listedApiKeysSchema.parse(listed.json()).keys;
    expect(keys.find((k) => k.id === key.id)).toMatchObject({ hint: key.hint });
    // Nor does the management API give it again, nor did the BFF log it.
    const upstream = await stack.labApi.inject({
      method: 'GET',
      url: `/v1/org/${stack.labApi.management.orgId}/team_api_keys/sandbox/us`,
      headers: { [MANAGEMENT_KEY_HEADER]: stack.managementKey },
    });
    expect(upstream.body).not.toContain(key.value);
    expect(stack.logs.join('\n')).not.toContain(key.value);

    const deleted = await stack.request(
      admin,
      'DELETE',
      `/api/management/api-keys/sandbox/us/${key.id}`,
    );
    expect(deleted.statusCode).toBe(204);
    const again = listedApiKeysSchema.parse(
      (await stack.request(admin, 'GET', '/api/management/api-keys/sandbox/us')).json(),
    );
    expect(again.keys.map((k) => k.id)).not.toContain(key.id);
  });

  it('shows a management key once; a Team key is refused organisation resources', async () => {
    const created = await stack.request(
      admin,
      'POST',
      '/api/management/management-keys',
      json({
        label: 'Demo team bot',
        role: 'team_admin',
        team_role_bindings: [{ team_id: DEMO_TEAM_ID }],
      }),
    );
    expect(created.statusCode).toBe(201);
    const teamKey = managementKeyCreatedSchema.parse(created.json());
    const listed = await stack.request(admin, 'GET', '/api/management/management-keys');
    expect(listed.body).not.toContain(teamKey.key);
    expect(listedManagementKeysSchema.parse(listed.json()).keys.map((k) => k.id)).toContain(
      teamKey.id,
    );

    const org = `/v1/org/${stack.labApi.management.orgId}`;
    const withKey = (url: string, header: string, key: string) =>
      stack.labApi.inject({ method: 'GET', url, headers: { [header]: key } });
    // Organisation resources: refused to the Team key.
    expect(
      (await withKey(`${org}/management_key`, MANAGEMENT_KEY_HEADER, teamKey.key)).statusCode,
    ).toBe(403);
    expect(
      (await withKey(`${org}/lab_account/sandbox/us`, MANAGEMENT_KEY_HEADER, teamKey.key))
        .statusCode,
    ).toBe(403);
    // Its own team: reached, through the deprecated header too.
    const own = `${org}/team/${DEMO_TEAM_ID}/sandbox/webhook`;
    expect((await withKey(own, MANAGEMENT_KEY_HEADER, teamKey.key)).statusCode).toBe(200);
    expect((await withKey(own, DEPRECATED_MANAGEMENT_KEY_HEADER, teamKey.key)).statusCode).toBe(
      200,
    );
    // A management key is no team key, and a team key no management key.
    const asTeamKey = await stack.labApi.inject({
      method: 'GET',
      url: '/v3/orders',
      headers: { 'x-service-api-key': teamKey.key },
    });
    expect(asTeamKey.statusCode).toBe(401);
    expect((await withKey(own, MANAGEMENT_KEY_HEADER, stack.apiKey)).statusCode).toBe(401);

    const deleted = await stack.request(
      admin,
      'DELETE',
      `/api/management/management-keys/${teamKey.id}`,
    );
    expect(deleted.statusCode).toBe(204);
    expect((await withKey(own, MANAGEMENT_KEY_HEADER, teamKey.key)).statusCode).toBe(401);

    // The BFF's own management key never reached a browser or a log line.
    expect(stack.logs.join('\n')).not.toContain(stack.managementKey);
    expect(stack.logs.join('\n')).not.toContain(teamKey.key);
  });

  it('says the feature needs the higher-tier plan when the plan has none', async () => {
    stack.labApi.management.setPlan('none');
    try {
      const response = await stack.request(admin, 'GET', '/api/management/teams');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ type: PLAN_REQUIRED_PROBLEM });
      const rows = await auditRows('GET /api/management/teams');
      expect(rows.at(-1)).toMatchObject({ role: 'admin', outcome: 403 });
    } finally {
      stack.labApi.management.setPlan('enterprise');
    }
    expect((await stack.request(admin, 'GET', '/api/management/teams')).statusCode).toBe(200);
  });
});
