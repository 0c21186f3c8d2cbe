import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ENVIRONMENTS,
  MANAGEMENT_API_PATH,
  CONSOLE_INTAKE_PROBLEM,
  DELETE_INTAKE_CONFIRMATION,
  NOT_CONFIGURED_PROBLEM,
  PLAN_REQUIRED_PROBLEM,
  REGIONS,
  createManagementKeyBodySchema,
  createTeamApiKeyBodySchema,
  createWebhookBodySchema,
  deleteTeamApiKeysSchema,
  managementKeyCreatedSchema,
  managementKeyListSchema,
  managementLabAccountListSchema,
  orgTeamListSchema,
  patchWebhookBodySchema,
  teamApiKeyListSchema,
  teamApiKeySchema,
  webhookHeadersBodySchema,
  webhookHeadersSchema,
  webhookListSchema,
  webhookSchema,
  webhookSecretSchema,
  type ManagementScope,
  type Problem,
} from '../../contract';
import { endpointUrlProblem } from '../../contract/webhookEndpoints';
import type { Store } from '../platform/database/database';
import { ManagementUnreachable, type ManagementAnswer, type ManagementClient } from './client';

/**
 * The secrets the console's own webhook receiver verifies with (the webhooks room's
 * `SigningSecrets`, handed in by `src/bff/app.ts`): a rotation of the console's own
 * endpoint must reach them, or deliveries would stop verifying.
 */
export interface ConsoleSigningSecrets {
  verifiesWith(secret: string): Promise<boolean>;
  rotated(previous: string, next: string): Promise<void>;
}

export interface ManagementRoutesOptions {
  store: Store;
  /** Null when no management key is configured: every call says so (503). */
  client: ManagementClient | null;
  signingSecrets: ConsoleSigningSecrets;
  /** The environment and region the console's team works in: the screens' defaults. */
  defaults: Omit<ManagementScope, 'orgId' | 'teamId'>;
  /**
   * The console talks to the real Lab API (not the local one `npm start` runs): endpoints
   * at loopback and private addresses are refused, as the real service cannot reach them.
   */
  realDeployment: boolean;
}

/** An answer the route gives as it is: a refusal, or the upstream's failure put in words. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly type = 'about:blank',
    readonly issues?: unknown,
  ) {
    super(title);
  }
}

const env = z.enum(ENVIRONMENTS);
const teamEnvParams = z.object({ teamId: z.uuid(), environment: env });
const webhookParams = teamEnvParams.extend({ webhookId: z.string().regex(/^[A-Za-z0-9_-]+$/) });
const envRegionParams = z.object({ environment: env, region: z.enum(REGIONS) });
const keyParams = z.object({ id: z.uuid() });

/** A key's last four characters: enough to tell keys apart, never enough to use one. */
const hintOf = (value: string) => `…${value.slice(-4)}`;

/**
 * `/api/management/*`: the organisation's teams, lab accounts, webhook endpoints,
 * team API keys and management keys, through the management API with the management key,
 * which never leaves the BFF. Admins only; every call leaves an audit row, refusals too.
 * Keys made here are in the creating answer once and only ever listed by their last four.
 */
export function managementRoutes(fastify: FastifyInstance, opts: ManagementRoutesOptions) {
  type Handler<P> = (
    params: P,
    request: FastifyRequest,
    client: ManagementClient,
  ) => Promise<{ status?: number; body?: unknown; recordId?: string | null }>;

  /** Admins only; the row names the path's record (a webhook endpoint, key or team). */
  const administered = (recordType: string) =>
    ({
      access: 'administration',
      audit: { recordType, recordId: (request: FastifyRequest) => recordIdOf(request.params) },
    }) as const;

  /**
   * The management call behind a route: its path read, the missing key or an upstream
   * failure put in words as a problem. Who may call it and its audit row are declared in
   * the route options and handled by the access hook.
   */
  const managed =
    <P>(params: z.ZodType<P>, handler: Handler<P>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const parsedParams = params.safeParse(request.params);
        if (!parsedParams.success) throw new Refusal(404, 'Not found', 'No such record.');
        if (!opts.client) {
          throw new Refusal(
            503,
            'Management not configured',
            'The console has no management key: set LAB_API_MANAGEMENT_KEY and LAB_API_ORG_ID.',
            NOT_CONFIGURED_PROBLEM,
          );
        }
        const answer = await handler(parsedParams.data, request, opts.client);
        const status = answer.status ?? 200;
        if (answer.recordId) request.auditedRecordId = answer.recordId;
        if (answer.body === undefined) return await reply.status(status).send();
        return await reply.status(status).send(answer.body);
      } catch (error) {
        const refusal = asRefusal(error);
        if (!refusal) throw error;
        return problem(reply, refusal);
      }
    };

  const scope = (client: ManagementClient): ManagementScope => ({
    orgId: client.orgId,
    ...opts.defaults,
    teamId: null,
  });

  fastify.route({
    method: 'GET',
    url: `${MANAGEMENT_API_PATH}/scope`,
    config: administered('management'),
    handler: managed(z.object({}), (_p, _r, client) => Promise.resolve({ body: scope(client) })),
  });

  /* Teams and their lab accounts. */

  fastify.route({
    method: 'GET',
    url: `${MANAGEMENT_API_PATH}/teams`,
    config: administered('team'),
    handler: managed(z.object({}), async (_p, _r, client) => ({
      body: await expect(client, 'GET', '/team', undefined, orgTeamListSchema),
    })),
  });

  fastify.route({
    method: 'GET',
    url: `${MANAGEMENT_API_PATH}/teams/:teamId/lab-accounts/:environment/:region`,
    config: administered('lab_account'),
    handler: managed(envRegionParams.extend({ teamId: z.uuid() }), async (p, _r, client) => ({
      body: await expect(
        client,
        'GET',
        `/lab_account/${p.environment}/${p.region}?team_id=${p.teamId}`,
        undefined,
        managementLabAccountListSchema,
      ),
    })),
  });

  /* Webhook endpoints of a team and environment. */

  const webhooks = (p: { teamId: string; environment: string }) =>
    `/team/${p.teamId}/${p.environment}/webhook`;
  const WEBHOOKS = '/teams/:teamId/:environment/webhooks';

  fastify.route({
    method: 'GET',
    url: `${MANAGEMENT_API_PATH}${WEBHOOKS}`,
    config: administered('webhook_endpoint'),
    handler: managed(teamEnvParams, async (p, _r, client) => ({
      body: await expect(client, 'GET', webhooks(p), undefined, webhookListSchema),
    })),
  });

  /**
   * What the contract cannot judge alone: private and loopback addresses in front of the
   * real service, and an address another endpoint of the team already has (`except`: the
   * endpoint being edited).
   */
  async function refuseUrl(
    client: ManagementClient,
    p: { teamId: string; environment: string },
    url: string,
    except: string | null,
  ) {
    const problem = endpointUrlProblem(url, opts.realDeployment);
    if (problem) {
      throw new Refusal(422, 'Invalid request', 'Some fields need attention.', 'about:blank', [
        { loc: ['body', 'url'], msg: problem, type: 'custom' },
      ]);
    }
    const listed = await expect(client, 'GET', webhooks(p), undefined, webhookListSchema);
    const same = listed.data.find((e) => e.id !== except && sameUrl(e.url, url));
    if (same) {
      const named = same.description ? ` (“${same.description}”)` : '';
      throw new Refusal(
        409,
        'Already registered',
        `This address is already registered as an endpoint${named}: edit that one instead.`,
      );
    }
  }

  fastify.route({
    method: 'POST',
    url: `${MANAGEMENT_API_PATH}${WEBHOOKS}`,
    config: administered('webhook_endpoint'),
    handler: managed(teamEnvParams, async (p, request, client) => {
      const body = requestBody(createWebhookBodySchema.omit({ secret: true }), request.body);
      await refuseUrl(client, p, body.url, null);
      const created = await expect(client, 'POST', webhooks(p), body, webhookSchema);
      return { status: 201, body: created, recordId: created.id };
    }),
  });

  fastify.route({
    method: 'PATCH',
    url: `${MANAGEMENT_API_PATH}${WEBHOOKS}/:webhookId`,
    config: administered('webhook_endpoint'),
    handler: managed(webhookParams, async (p, request, client) => {
      const body = requestBody(patchWebhookBodySchema, request.body);
      if (body.url) await refuseUrl(client, p, body.url, p.webhookId);
      return {
        body: await expect(client, 'PATCH', `${webhooks(p)}/${p.webhookId}`, body, webhookSchema),
      };
    }),
  });

  fastify.route({
    method: 'DELETE',
    url: `${MANAGEMENT_API_PATH}${WEBHOOKS}/:webhookId`,
    config: administered('webhook_endpoint'),
    handler: managed(webhookParams, async (p, request, client) => {
      // The console's own intake is the endpoint whose secret the BFF verifies with.
      const confirmed =
        (request.query as { confirm?: unknown }).confirm === DELETE_INTAKE_CONFIRMATION;
      if (!confirmed) {
        const secret = await expect(
          client,
          'GET',
          `${webhooks(p)}/${p.webhookId}/secret`,
          undefined,
          webhookSecretSchema,
        );
        if (await opts.signingSecrets.verifiesWith(secret.key)) {
          throw new Refusal(
            409,
            'This is the console’s own webhook endpoint',
            'Deleting it stops live updates: open pages no longer refresh by themselves, and changes are picked up only by the periodic reconciliation. Confirm to delete it anyway.',
            CONSOLE_INTAKE_PROBLEM,
          );
        }
      }
      await expect(client, 'DELETE', `${webhooks(p)}/${p.webhookId}`, undefined, null);
      return { status: 204 };
    }),
  });

  fastify.route({
    method: 'GET',
    url: `${MANAGEMENT_API_PATH}${WEBHOOKS}/:webhookId/headers`,
    config: administered('webhook_endpoint'),
    handler: managed(webhookParams, async (p, _r, client) => ({
      body: await expect(
        client,
        'GET',
        `${webhooks(p)}/${p.webhookId}/headers`,
        undefined,
        webhookHeadersSchema,
      ),
    })),
  });

  fastify.route({
    method: 'PUT',
    url: `${MANAGEMENT_API_PATH}${WEBHOOKS}/:webhookId/headers`,
    config: administered('webhook_endpoint'),
    handler: managed(webhookParams, async (p, request, client) => {
      const body = requestBody(webhookHeadersBodySchema, request.body);
      await expect(client, 'PUT', `${webhooks(p)}/${p.webhookId}/headers`, body, null);
      return { status: 204 };
    }),
  });

  // The endpoint's signing secret, for an admin setting up a receiver of their own.
  fastify.route({
    method: 'GET',
    url: `${MANAGEMENT_API_PATH}${WEBHOOKS}/:webhookId/secret`,
    config: administered('webhook_secret'),
    handler: managed(webhookParams, async (p, _r, client) => ({
      body: await expect(
        client,
        'GET',
        `${webhooks(p)}/${p.webhookId}/secret`,
        undefined,
        webhookSecretSchema,
      ),
    })),
  });

  /*
   * Rotation. When the endpoint is the console's own (its secret is one the BFF verifies
   * with), the new secret verifies from now on and the old one for a grace period, on
   * every replica, without a restart.
   */
  fastify.route({
    method: 'POST',
    url: `${MANAGEMENT_API_PATH}${WEBHOOKS}/:webhookId/secret/rotate`,
    config: administered('webhook_secret'),
    handler: managed(webhookParams, async (p, _r, client) => {
      const secretPath = `${webhooks(p)}/${p.webhookId}/secret`;
      const before = await expect(client, 'GET', secretPath, undefined, webhookSecretSchema);
      await expect(client, 'POST', `${secretPath}/rotate`, {}, null);
      const after = await expect(client, 'GET', secretPath, undefined, webhookSecretSchema);
      const consoleEndpoint = await opts.signingSecrets.verifiesWith(before.key);
      if (consoleEndpoint) await opts.signingSecrets.rotated(before.key, after.key);
      return { body: { consoleEndpoint } };
    }),
  });

  /* Team API keys per environment and region. */

  const apiKeys = (p: { environment: string; region: string }) =>
    `/team_api_keys/${p.environment}/${p.region}`;
  const API_KEYS = '/api-keys/:environment/:region';

  fastify.route({
    method: 'GET',
    url: `${MANAGEMENT_API_PATH}${API_KEYS}`,
    config: administered('team_api_key'),
    handler: managed(envRegionParams, async (p, _r, client) => {
      const listed = await expect(client, 'GET', apiKeys(p), undefined, teamApiKeyListSchema);
      return {
        body: {
          keys: listed.api_keys.map((k) => ({
            id: k.id,
            label: k.label,
            team_id: k.team_id,
            created_at: k.created_at,
            hint: hintOf(k.value),
          })),
        },
      };
    }),
  });

  fastify.route({
    method: 'POST',
    url: `${MANAGEMENT_API_PATH}${API_KEYS}`,
    config: administered('team_api_key'),
    handler: managed(envRegionParams, async (p, request, client) => {
      const body = requestBody(createTeamApiKeyBodySchema, request.body);
      const created = await expect(client, 'POST', apiKeys(p), body, teamApiKeySchema);
      return {
        status: 201,
        // The one time the value is shown: the BFF keeps nothing of it.
        body: {
          id: created.id,
          label: created.label,
          team_id: created.team_id,
          created_at: created.created_at,
          hint: hintOf(created.value),
          value: created.value,
        },
        recordId: created.id,
      };
    }),
  });

  fastify.route({
    method: 'DELETE',
    url: `${MANAGEMENT_API_PATH}${API_KEYS}/:id`,
    config: administered('team_api_key'),
    handler: managed(envRegionParams.extend(keyParams.shape), async (p, _r, client) => {
      const outcome = await expect(
        client,
        'DELETE',
        `${apiKeys(p)}?api_key_id=${p.id}`,
        undefined,
        deleteTeamApiKeysSchema,
      );
      if (outcome.success.includes(p.id)) return { status: 204 };
      if (outcome.not_found.includes(p.id)) throw new Refusal(404, 'Not found', 'No such key.');
      throw new Refusal(403, 'Forbidden', 'The management key cannot delete this key.');
    }),
  });

  /* Management keys. */

  fastify.route({
    method: 'GET',
    url: `${MANAGEMENT_API_PATH}/management-keys`,
    config: administered('management_key'),
    handler: managed(z.object({}), async (_p, _r, client) => {
      const listed = await expect(
        client,
        'GET',
        '/management_key',
        undefined,
        managementKeyListSchema,
      );
      return { body: { keys: listed.data } };
    }),
  });

  fastify.route({
    method: 'POST',
    url: `${MANAGEMENT_API_PATH}/management-keys`,
    config: administered('management_key'),
    handler: managed(z.object({}), async (_p, request, client) => {
      const body = requestBody(createManagementKeyBodySchema, request.body);
      const created = await expect(
        client,
        'POST',
        '/management_key',
        body,
        managementKeyCreatedSchema,
      );
      return { status: 201, body: created, recordId: created.id };
    }),
  });

  fastify.route({
    method: 'DELETE',
    url: `${MANAGEMENT_API_PATH}/management-keys/:id`,
    config: administered('management_key'),
    handler: managed(keyParams, async (p, _r, client) => {
      await expect(client, 'DELETE', `/management_key/${p.id}`, undefined, null);
      return { status: 204 };
    }),
  });
}

/** The same address, as the Lab API would post to it (host case, default port, empty path). */
function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/** The path's record: a webhook endpoint's or key's id, else the team's. */
function recordIdOf(params: unknown): string | null {
  const p = (params ?? {}) as Record<string, string | undefined>;
  return p.webhookId ?? p.id ?? p.teamId ?? null;
}

function requestBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Refusal(
      422,
      'Invalid request',
      'Some fields need attention.',
      'about:blank',
      parsed.error.issues.map((i) => ({ loc: ['body', ...i.path], msg: i.message, type: i.code })),
    );
  }
  return parsed.data;
}

/** Calls upstream and reads a 2xx answer with the schema (null: no body expected). */
async function expect<T>(
  client: ManagementClient,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  schema: z.ZodType<T> | null,
): Promise<T> {
  const answer = await client.call(method, path, body);
  if (answer.status < 200 || answer.status >= 300) throw upstreamRefusal(answer);
  if (!schema) return undefined as T;
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    throw new Refusal(
      502,
      'Unexpected management API answer',
      'The management API answered in a form the console cannot use.',
    );
  }
  return parsed.data;
}

function upstreamRefusal(answer: ManagementAnswer): Refusal {
  const detail = (answer.body as { detail?: unknown } | null)?.detail;
  if (answer.status === 403 && typeof detail === 'string' && /plan/i.test(detail)) {
    return new Refusal(
      403,
      'Higher-tier plan needed',
      'Webhook, key and team management need the Lab API’s higher-tier plan.',
      PLAN_REQUIRED_PROBLEM,
    );
  }
  if (answer.status === 401) {
    return new Refusal(
      502,
      'Management key refused',
      'The management API refused the console’s key.',
    );
  }
  if (answer.status === 403) {
    return new Refusal(403, 'Forbidden', 'The console’s management key cannot reach this.');
  }
  if (answer.status === 404) return new Refusal(404, 'Not found', 'No such record.');
  if (answer.status === 422 && Array.isArray(detail)) {
    return new Refusal(
      422,
      'Invalid request',
      'Some fields need attention.',
      'about:blank',
      detail,
    );
  }
  return new Refusal(502, 'Management API failed', `The management API answered ${answer.status}.`);
}

function asRefusal(error: unknown): Refusal | null {
  if (error instanceof Refusal) return error;
  if (error instanceof ManagementUnreachable) {
    return new Refusal(502, 'Management API unreachable', 'The management API did not answer.');
  }
  return null;
}

function problem(reply: FastifyReply, refusal: Refusal) {
  const body: Problem & { detail?: unknown; issues?: unknown } = {
    type: refusal.type,
    title: refusal.title,
    status: refusal.status,
    detail: refusal.detail,
    ...(refusal.issues ? { issues: refusal.issues } : {}),
  };
  return reply.status(refusal.status).type('application/problem+json').send(body);
}
