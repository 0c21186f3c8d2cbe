import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ENVIRONMENTS,
  PLAN_REQUIRED_DETAIL,
  REGIONS,
  createManagementKeyBodySchema,
  createTeamApiKeyBodySchema,
  createWebhookBodySchema,
  patchWebhookBodySchema,
  rotateWebhookSecretBodySchema,
  webhookHeadersBodySchema,
} from '../../contract';
import { parseRequestPart } from '../http/validation';
import type { SandboxDb } from '../store/database';
import {
  digest,
  keyHolder,
  newId,
  newManagementKey,
  reachesOrganisation,
  reachesTeam,
  refuseScope,
  unauthorized,
  type KeyHolder,
} from './keys';
import { webhookDocument, type WebhookEndpoints } from './webhookEndpoints';

export interface ManagementRoutesOptions {
  db: SandboxDb;
  orgId: string;
  endpoints: WebhookEndpoints;
  /** The organisation's Org management key, as the host was given it. */
  hostKeyDigest: string;
  /** `none`: a plan without the management features (every call answers 403). */
  plan: () => 'enterprise' | 'none';
  now: () => Date;
}

const ORG = '/v1/org/:org_id';
const teamParams = z.object({ org_id: z.string(), team_id: z.string() });
const webhookParams = teamParams.extend({ environment: z.enum(ENVIRONMENTS) });
const webhookIdParams = webhookParams.extend({ webhook_id: z.string() });
const envRegionParams = z.object({
  org_id: z.string(),
  env: z.enum(ENVIRONMENTS),
  region: z.enum(REGIONS),
});
const keyIdParams = z.object({ org_id: z.string(), key_id: z.string() });
const optionalUuid = z.uuid().nullish();

declare module 'fastify' {
  interface FastifyRequest {
    keyHolder?: KeyHolder;
  }
}

const notFound = (reply: FastifyReply, what: string) =>
  reply.code(404).send({ detail: `${what} not found` });

/**
 * The management API's operations the console uses. Every call needs a
 * management key; the plan switch comes after the key, so a wrong key is still 401.
 */
export function managementRoutes(app: FastifyInstance, opts: ManagementRoutesOptions) {
  const { db, endpoints } = opts;

  app.addHook('onRequest', async (request, reply) => {
    const holder = await keyHolder(db, opts.hostKeyDigest, request);
    if (!holder) return unauthorized(reply);
    if (opts.plan() === 'none') return reply.code(403).send({ detail: PLAN_REQUIRED_DETAIL });
    request.keyHolder = holder;
    const orgId = (request.params as { org_id?: string }).org_id;
    if (orgId !== opts.orgId) return notFound(reply, 'Organization');
  });
  const holderOf = (request: FastifyRequest): KeyHolder =>
    request.keyHolder ?? { role: 'team_admin', teamIds: [] };

  const teams = () => db.selectFrom('team').select(['id', 'name', 'created_at']).orderBy('name');
  const teamItem = (t: { id: string; name: string; created_at: string }) => ({
    id: t.id,
    name: t.name,
    created_on: t.created_at,
    region: 'us' as const,
    integration_team_id: null,
  });

  app.get(`${ORG}/team`, async (request) => {
    const holder = holderOf(request);
    const rows = await teams().execute();
    return {
      teams: rows.filter((t) => reachesTeam(holder, t.id)).map(teamItem),
      next_cursor: null,
    };
  });

  app.get(`${ORG}/team/:team_id`, async (request, reply) => {
    const { team_id } = parseRequestPart(teamParams, request.params, 'path');
    if (!reachesTeam(holderOf(request), team_id)) return refuseScope(reply);
    const row = await teams().where('id', '=', team_id).executeTakeFirst();
    if (!row) return notFound(reply, 'Team');
    return { ...teamItem(row), environments: ['sandbox'], sandbox: {}, production: null };
  });

  app.get(`${ORG}/lab_account/:env/:region`, async (request, reply) => {
    parseRequestPart(envRegionParams, request.params, 'path');
    const query = parseRequestPart(
      z.object({
        team_id: optionalUuid,
        lab_account_id: optionalUuid,
        status: z.string().nullish(),
      }),
      request.query,
      'query',
    );
    const holder = holderOf(request);
    // Lab accounts are the organisation's: a team key sees those of a team it is bound to.
    if (!reachesOrganisation(holder) && !(query.team_id && reachesTeam(holder, query.team_id))) {
      return refuseScope(reply);
    }
    let select = db.selectFrom('lab_account').select(['document', 'team_id']);
    if (query.team_id) select = select.where('team_id', '=', query.team_id.toLowerCase());
    if (query.lab_account_id) select = select.where('id', '=', query.lab_account_id.toLowerCase());
    if (query.status) select = select.where('status', '=', query.status);
    const rows = await select.orderBy('id').execute();
    return {
      data: rows.map((r) => {
        const account = JSON.parse(r.document) as Record<string, unknown>;
        return { ...account, team_id_allowlist: account.team_id_allowlist ?? [r.team_id] };
      }),
    };
  });

  /* Webhook endpoints: a team's, per environment. */

  const webhookScope = (request: FastifyRequest, reply: FastifyReply) => {
    const params = parseRequestPart(webhookParams, request.params, 'path');
    if (!reachesTeam(holderOf(request), params.team_id)) {
      void refuseScope(reply);
      return null;
    }
    return params;
  };
  const webhookOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = webhookScope(request, reply);
    if (!scope) return null;
    const { webhook_id } = parseRequestPart(webhookIdParams, request.params, 'path');
    const row = await endpoints.find(scope.team_id, scope.environment, webhook_id);
    if (!row) void notFound(reply, 'Webhook');
    return row ?? null;
  };
  const WEBHOOK = `${ORG}/team/:team_id/:environment/webhook`;

  app.get(WEBHOOK, async (request, reply) => {
    const scope = webhookScope(request, reply);
    if (!scope) return reply;
    const rows = await endpoints.list(scope.team_id, scope.environment);
    return { data: rows.map(webhookDocument), next_cursor: null };
  });

  app.post(WEBHOOK, async (request, reply) => {
    const scope = webhookScope(request, reply);
    if (!scope) return reply;
    const body = parseRequestPart(createWebhookBodySchema, request.body, 'body');
    const row = await endpoints.create(scope.team_id, scope.environment, body, opts.now());
    return webhookDocument(row);
  });

  app.get(`${WEBHOOK}/:webhook_id`, async (request, reply) => {
    const row = await webhookOf(request, reply);
    return row ? webhookDocument(row) : reply;
  });

  app.patch(`${WEBHOOK}/:webhook_id`, async (request, reply) => {
    const row = await webhookOf(request, reply);
    if (!row) return reply;
    const body = parseRequestPart(patchWebhookBodySchema, request.body, 'body');
    return webhookDocument(await endpoints.patch(row, body, opts.now()));
  });

  app.delete(`${WEBHOOK}/:webhook_id`, async (request, reply) => {
    const row = await webhookOf(request, reply);
    if (!row) return reply;
    await endpoints.remove(row);
    return reply.code(204).send();
  });

  app.get(`${WEBHOOK}/:webhook_id/headers`, async (request, reply) => {
    const row = await webhookOf(request, reply);
    if (!row) return reply;
    const headers = JSON.parse(row.headers) as Record<string, string>;
    return { headers, sensitive: [] };
  });

  app.put(`${WEBHOOK}/:webhook_id/headers`, async (request, reply) => {
    const row = await webhookOf(request, reply);
    if (!row) return reply;
    const body = parseRequestPart(webhookHeadersBodySchema, request.body, 'body');
    await endpoints.setHeaders(row, body.headers, opts.now());
    return reply.code(204).send();
  });

  app.get(`${WEBHOOK}/:webhook_id/secret`, async (request, reply) => {
    const row = await webhookOf(request, reply);
    return row ? { key: row.secret } : reply;
  });

  app.post(`${WEBHOOK}/:webhook_id/secret/rotate`, async (request, reply) => {
    const row = await webhookOf(request, reply);
    if (!row) return reply;
    const body = parseRequestPart(rotateWebhookSecretBodySchema, request.body ?? {}, 'body');
    await endpoints.rotate(row, body.key, opts.now());
    return reply.code(204).send();
  });

  /* Management keys: the organisation's alone. */

  const MANAGEMENT_KEY = `${ORG}/management_key`;
  const managementKeyDocument = (row: {
    id: string;
    label: string;
    role: string;
    team_ids: string;
    created_at: string;
  }) => {
    const teamIds = JSON.parse(row.team_ids) as string[];
    return {
      id: row.id,
      label: row.label,
      created_at: row.created_at,
      creator: { type: 'management_key' as const },
      role: row.role,
      team_role_bindings:
        row.role === 'team_admin' ? teamIds.map((team_id) => ({ team_id })) : null,
    };
  };

  app.get(MANAGEMENT_KEY, async (request, reply) => {
    if (!reachesOrganisation(holderOf(request))) return refuseScope(reply);
    const query = parseRequestPart(
      z.object({ team_id: optionalUuid, role: z.enum(['org_admin', 'team_admin']).nullish() }),
      request.query,
      'query',
    );
    let select = db.selectFrom('management_key').selectAll();
    if (query.role) select = select.where('role', '=', query.role);
    const rows = await select.orderBy('created_at').orderBy('id').execute();
    const teamId = query.team_id;
    return {
      data: rows
        .filter((r) => !teamId || (JSON.parse(r.team_ids) as string[]).includes(teamId))
        .map(managementKeyDocument),
      next_cursor: null,
    };
  });

  app.post(MANAGEMENT_KEY, async (request, reply) => {
    if (!reachesOrganisation(holderOf(request))) return refuseScope(reply);
    const body = parseRequestPart(createManagementKeyBodySchema, request.body, 'body');
    const key = newManagementKey();
    const row = {
      id: newId(),
      label: body.label,
      role: body.role,
      team_ids: JSON.stringify(
        body.role === 'team_admin' ? (body.team_role_bindings ?? []).map((b) => b.team_id) : [],
      ),
      key_digest: digest(key),
      created_at: opts.now().toISOString(),
    };
    await db.insertInto('management_key').values(row).execute();
    return { ...managementKeyDocument(row), key };
  });

  app.delete(`${MANAGEMENT_KEY}/:key_id`, async (request, reply) => {
    if (!reachesOrganisation(holderOf(request))) return refuseScope(reply);
    const { key_id } = parseRequestPart(keyIdParams, request.params, 'path');
    const row = await db
      .selectFrom('management_key')
      .selectAll()
      .where('id', '=', key_id)
      .executeTakeFirst();
    // The document answers null for a key that is not there.
    if (!row) return reply.type('application/json').send('null');
    await db.deleteFrom('management_key').where('id', '=', key_id).execute();
    return managementKeyDocument(row);
  });

  /* Team API keys, per environment and region. */

  const TEAM_API_KEYS = `${ORG}/team_api_keys/:env/:region`;
  const apiKeyDocument = (row: {
    id: string;
    label: string;
    masked: string;
    team_id: string;
    created_at: string;
  }) => ({
    id: row.id,
    label: row.label,
    // The value is given once, at creation; a listing shows only its ends.
    value: row.masked,
    team_id: row.team_id,
    created_at: row.created_at,
  });

  app.get(TEAM_API_KEYS, async (request) => {
    const { env, region } = parseRequestPart(envRegionParams, request.params, 'path');
    const query = parseRequestPart(z.object({ team_id: optionalUuid }), request.query, 'query');
    const holder = holderOf(request);
    let select = db
      .selectFrom('team_api_key')
      .selectAll()
      .where('environment', '=', env)
      .where('region', '=', region);
    if (query.team_id) select = select.where('team_id', '=', query.team_id);
    const rows = await select.orderBy('created_at').orderBy('id').execute();
    return {
      api_keys: rows.filter((r) => reachesTeam(holder, r.team_id)).map(apiKeyDocument),
      next_cursor: null,
    };
  });

  app.post(TEAM_API_KEYS, async (request, reply) => {
    const { env, region } = parseRequestPart(envRegionParams, request.params, 'path');
    const body = parseRequestPart(createTeamApiKeyBodySchema, request.body, 'body');
    if (!reachesTeam(holderOf(request), body.team_id)) return refuseScope(reply);
    // Facts §1: sandbox keys start sk_<region>_, production keys pk_<region>_.
    const value = `${env === 'sandbox' ? 'sk' : 'pk'}_${region}_${randomBytes(24).toString('hex')}`;
    const row = {
      id: newId(),
      team_id: body.team_id,
      environment: env,
      region,
      label: body.label,
      key_digest: digest(value),
      masked: `${value.slice(0, 6)}…${value.slice(-4)}`,
      created_at: opts.now().toISOString(),
    };
    await db.insertInto('team_api_key').values(row).execute();
    return { ...apiKeyDocument(row), value };
  });

  app.delete(TEAM_API_KEYS, async (request) => {
    const { env, region } = parseRequestPart(envRegionParams, request.params, 'path');
    const raw = (request.query as Record<string, unknown>).api_key_id;
    const { api_key_id } = parseRequestPart(
      z.object({ api_key_id: z.array(z.uuid()).min(1) }),
      { api_key_id: Array.isArray(raw) ? raw : raw === undefined ? undefined : [raw] },
      'query',
    );
    const holder = holderOf(request);
    const outcome = { success: [] as string[], failure: [] as string[], not_found: [] as string[] };
    for (const id of api_key_id) {
      const row = await db
        .selectFrom('team_api_key')
        .select(['id', 'team_id'])
        .where('id', '=', id)
        .where('environment', '=', env)
        .where('region', '=', region)
        .executeTakeFirst();
      if (!row) outcome.not_found.push(id);
      else if (!reachesTeam(holder, row.team_id)) outcome.failure.push(id);
      else {
        await db.deleteFrom('team_api_key').where('id', '=', id).execute();
        outcome.success.push(id);
      }
    }
    return outcome;
  });
}
