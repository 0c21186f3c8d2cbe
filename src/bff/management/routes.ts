import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ENVIRONMENTS,
  MANAGEMENT_API_PATH,
  NOT_CONFIGURED_PROBLEM,
  PLAN_REQUIRED_PROBLEM,
  REGIONS,
  can,
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
import { routeAuditor } from '../platform/audit/auditCaller';
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
 * `/api/management/*` (issue 17): the organisation's teams, lab accounts, webhook endpoints,
 * team API keys and management keys, through the management API with the management key,
 * which never leaves the BFF. Admins only; every call leaves an audit row, refusals too.
 * Keys made here are in the creating answer once and only ever listed by their last four.
 */
export function managementRoutes(fastify: FastifyInstance, opts: ManagementRoutesOptions) {
  const audit = routeAuditor(opts.store.db);

  type Handler<P> = (
    params: P,
    request: FastifyRequest,
    client: ManagementClient,
  ) => Promise<{ status?: number; body?: unknown; recordId?: string | null }>;

  /** One route: role check, the call, one audit row with the outcome, problems on failure. */
  function route<P>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    recordType: string,
    params: z.ZodType<P>,
    handler: Handler<P>,
  ) {
    const action = `${method} ${MANAGEMENT_API_PATH}${path}`;
    fastify.route({
      method,
      url: `${MANAGEMENT_API_PATH}${path}`,
      handler: async (request, reply) => {
        const account = request.session?.account;
        if (!account)
          return problem(reply, new Refusal(401, 'Unauthorized', 'Sign in to continue.'));
        const parsedParams = params.safeParse(request.params);
        const recordId = recordIdOf(request.params);
        if (!can(account.role, 'administration')) {
          await audit(request, action, recordType, recordId, 403);
          return problem(
            reply,
            new Refusal(403, 'Forbidden', 'Your role does not allow this action.'),
          );
        }
        let status = 200;
        try {
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
          status = answer.status ?? 200;
          await audit(request, action, recordType, answer.recordId ?? recordId, status);
          if (answer.body === undefined) return await reply.status(status).send();
          return await reply.status(status).send(answer.body);
        } catch (error) {
          const refusal = asRefusal(error);
          if (!refusal) throw error;
          status = refusal.status;
          await audit(request, action, recordType, recordId, status);
          return problem(reply, refusal);
        }
      },
    });
  }

  const scope = (client: ManagementClient): ManagementScope => ({
    orgId: client.orgId,
    ...opts.defaults,
    teamId: null,
  });

  route('GET', '/scope', 'management', z.object({}), (_p, _r, client) =>
    Promise.resolve({ body: scope(client) }),
  );

  /* Teams and their lab accounts. */

  route('GET', '/teams', 'team', z.object({}), async (_p, _r, client) => ({
    body: await expect(client, 'GET', '/team', undefined, orgTeamListSchema),
  }));

  route(
    'GET',
    '/teams/:teamId/lab-accounts/:environment/:region',
    'lab_account',
    envRegionParams.extend({ teamId: z.uuid() }),
    async (p, _r, client) => ({
      body: await expect(
        client,
        'GET',
        `/lab_account/${p.environment}/${p.region}?team_id=${p.teamId}`,
        undefined,
        managementLabAccountListSchema,
      ),
    }),
  );

  /* Webhook endpoints of a team and environment. */

  const webhooks = (p: { teamId: string; environment: string }) =>
    `/team/${p.teamId}/${p.environment}/webhook`;
  const WEBHOOKS = '/teams/:teamId/:environment/webhooks';

  route('GET', WEBHOOKS, 'webhook_endpoint', teamEnvParams, async (p, _r, client) => ({
    body: await expect(client, 'GET', webhooks(p), undefined, webhookListSchema),
  }));

  route('POST', WEBHOOKS, 'webhook_endpoint', teamEnvParams, async (p, request, client) => {
    const body = requestBody(createWebhookBodySchema.omit({ secret: true }), request.body);
    const created = await expect(client, 'POST', webhooks(p), body, webhookSchema);
    return { status: 201, body: created, recordId: created.id };
  });

  route(
    'PATCH',
    `${WEBHOOKS}/:webhookId`,
    'webhook_endpoint',
    webhookParams,
    async (p, request, client) => ({
      body: await expect(
        client,
        'PATCH',
        `${webhooks(p)}/${p.webhookId}`,
        requestBody(patchWebhookBodySchema, request.body),
        webhookSchema,
      ),
    }),
  );

  route(
    'DELETE',
    `${WEBHOOKS}/:webhookId`,
    'webhook_endpoint',
    webhookParams,
    async (p, _r, client) => {
      await expect(client, 'DELETE', `${webhooks(p)}/${p.webhookId}`, undefined, null);
      return { status: 204 };
    },
  );

  route(
    'GET',
    `${WEBHOOKS}/:webhookId/headers`,
    'webhook_endpoint',
    webhookParams,
    async (p, _r, client) => ({
      body: await expect(
        client,
        'GET',
        `${webhooks(p)}/${p.webhookId}/headers`,
        undefined,
        webhookHeadersSchema,
      ),
    }),
  );

  route(
    'PUT',
    `${WEBHOOKS}/:webhookId/headers`,
    'webhook_endpoint',
    webhookParams,
    async (p, request, client) => {
      const body = requestBody(webhookHeadersBodySchema, request.body);
      await expect(client, 'PUT', `${webhooks(p)}/${p.webhookId}/headers`, body, null);
      return { status: 204 };
    },
  );

  // The endpoint's signing secret, for an admin setting up a receiver of their own.
  route(
    'GET',
    `${WEBHOOKS}/:webhookId/secret`,
    'webhook_secret',
    webhookParams,
    async (p, _r, client) => ({
      body: await expect(
        client,
        'GET',
        `${webhooks(p)}/${p.webhookId}/secret`,
        undefined,
        webhookSecretSchema,
      ),
    }),
  );

  /*
   * Rotation. When the endpoint is the console's own (its secret is one the BFF verifies
   * with), the new secret verifies from now on and the old one for a grace period, on
   * every replica, without a restart.
   */
  route(
    'POST',
    `${WEBHOOKS}/:webhookId/secret/rotate`,
    'webhook_secret',
    webhookParams,
    async (p, _r, client) => {
      const secretPath = `${webhooks(p)}/${p.webhookId}/secret`;
      const before = await expect(client, 'GET', secretPath, undefined, webhookSecretSchema);
      await expect(client, 'POST', `${secretPath}/rotate`, {}, null);
      const after = await expect(client, 'GET', secretPath, undefined, webhookSecretSchema);
      const consoleEndpoint = await opts.signingSecrets.verifiesWith(before.key);
      if (consoleEndpoint) await opts.signingSecrets.rotated(before.key, after.key);
      return { body: { consoleEndpoint } };
    },
  );

  /* Team API keys per environment and region. */

  const apiKeys = (p: { environment: string; region: string }) =>
    `/team_api_keys/${p.environment}/${p.region}`;
  const API_KEYS = '/api-keys/:environment/:region';

  route('GET', API_KEYS, 'team_api_key', envRegionParams, async (p, _r, client) => {
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
  });

  route('POST', API_KEYS, 'team_api_key', envRegionParams, async (p, request, client) => {
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
  });

  route(
    'DELETE',
    `${API_KEYS}/:id`,
    'team_api_key',
    envRegionParams.extend(keyParams.shape),
    async (p, _r, client) => {
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
    },
  );

  /* Management keys. */

  route('GET', '/management-keys', 'management_key', z.object({}), async (_p, _r, client) => {
    const listed = await expect(
      client,
      'GET',
      '/management_key',
      undefined,
      managementKeyListSchema,
    );
    return { body: { keys: listed.data } };
  });

  route('POST', '/management-keys', 'management_key', z.object({}), async (_p, request, client) => {
    const body = requestBody(createManagementKeyBodySchema, request.body);
    const created = await expect(
      client,
      'POST',
      '/management_key',
      body,
      managementKeyCreatedSchema,
    );
    return { status: 201, body: created, recordId: created.id };
  });

  route('DELETE', '/management-keys/:id', 'management_key', keyParams, async (p, _r, client) => {
    await expect(client, 'DELETE', `/management_key/${p.id}`, undefined, null);
    return { status: 204 };
  });
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
