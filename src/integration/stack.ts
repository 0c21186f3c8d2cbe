import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  ROLES,
  WEBHOOK_RECEIVER_PATH,
  type Role,
} from '../contract';
import { buildApp, type AppOptions } from '../bff/app';
import type { Upstream } from '../bff/config';
import { ensureAccount } from '../bff/platform/accounts/accounts';
import { openStore, type Store, type StoreLocation } from '../bff/platform/database/database';
import type { SsoSettings } from '../bff/sso/ssoConfig';
import type { TrustProxy } from '../bff/platform/http/trustProxy';
import { buildSandboxApp } from '../sandbox/app';
import type { WebhookChaos } from '../sandbox/webhooks/settings';

/*
 * The BFF in front of the real local Lab API on a loopback port, as in production:
 * nothing is mocked. The Lab API's own request log tells whether a call reached it.
 */

export const PASSWORD = 'correct-horse-battery';
export const accountEmail = (role: Role) => `${role}@stack.test`;

export interface Stack {
  bff: FastifyInstance;
  labApi: FastifyInstance;
  store: Store;
  apiKey: string;
  /** The Org management key the BFF holds (a canary too). */
  managementKey: string;
  /** `METHOD /path?query` of every request the Lab API received. */
  upstreamCalls: string[];
  /** The headers of the last request the Lab API received. */
  lastUpstreamHeaders: Record<string, unknown>;
  /** Every log line the BFF wrote. */
  logs: string[];
  signIn(role: Role): Promise<string>;
  request(
    cookie: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    init?: {
      headers?: Record<string, string>;
      body?: string;
      antiForgery?: boolean;
      remoteAddress?: string;
    },
  ): Promise<LightMyRequestResponse>;
  /**
   * Another BFF process on the same store and Lab API, as a second replica behind a load
   * balancer (a PostgreSQL store: an in-memory SQLite one is not shared).
   */
  replica(): Promise<{ bff: FastifyInstance; store: Store; close(): Promise<void> }>;
  close(): Promise<void>;
}

export interface StackOptions {
  upstream?: Partial<Upstream>;
  uploadConcurrency?: number;
  consoleOrigin?: string;
  trustProxy?: TrustProxy;
  /** Default: in-memory SQLite. */
  storeLocation?: StoreLocation;
  /** The Lab API webhook secret the BFF verifies deliveries with. */
  webhookSecret?: string;
  reconcileIntervalMs?: number;
  liveHeartbeatMs?: number;
  /**
   * The Lab API delivers its webhooks to the BFF, as `npm start` wires them: the BFF
   * listens on a loopback port and is registered as the sender's endpoint (needs
   * `webhookSecret`). `retryScale` shrinks the retry schedule; `chaos` sets the switches.
   */
  deliverWebhooks?: { retryScale?: number; chaos?: WebhookChaos };
  /** OpenID Connect sign-in against an identity provider the test started. */
  sso?: SsoSettings;
  /** `none`: the organisation's plan has no management features. */
  managementPlan?: 'enterprise' | 'none';
  /** Mail, escalation and their clock (notifications room); default: the local outbox. */
  notifications?: Pick<
    AppOptions,
    'mail' | 'escalation' | 'notificationsClock' | 'publicUrl' | 'digestHourUtc'
  >;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  // A canary: if this string ever shows up in a response or a log line, the key leaked.
  const apiKey = `sk_us_CANARY_${randomBytes(12).toString('hex')}`;
  const managementKey = `mg_CANARY_${randomBytes(12).toString('hex')}`;
  const labApi = await buildSandboxApp({
    dbFile: ':memory:',
    apiKey,
    managementKey,
    ...(options.managementPlan ? { managementPlan: options.managementPlan } : {}),
    ...(options.deliverWebhooks
      ? {
          webhookRetryScale: options.deliverWebhooks.retryScale ?? 0.001,
          ...(options.deliverWebhooks.chaos ? { webhookChaos: options.deliverWebhooks.chaos } : {}),
        }
      : {}),
  });
  const upstreamCalls: string[] = [];
  const stack = { lastUpstreamHeaders: {} as Record<string, unknown> };
  labApi.addHook('onRequest', (request, _reply, done) => {
    upstreamCalls.push(`${request.method} ${request.url}`);
    stack.lastUpstreamHeaders = { ...request.headers };
    done();
  });
  // Upstreams (or the load balancers before them) may add cookies and headers of their own.
  labApi.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('set-cookie', 'upstream_session=1; Path=/');
    reply.header('x-upstream-internal', 'edge-7');
    done(null, payload);
  });
  await labApi.listen({ port: 0, host: '127.0.0.1' });
  const address = labApi.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const storeLocation = options.storeLocation ?? { dialect: 'sqlite', file: ':memory:' };
  const store = await openStore(storeLocation);
  for (const role of ROLES) {
    await ensureAccount(store.db, {
      email: accountEmail(role),
      name: `Test ${role}`,
      role,
      password: PASSWORD,
    });
  }
  const logs: string[] = [];
  const bffOptions: AppOptions = {
    store,
    upstream: {
      environment: 'local',
      region: null,
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey,
      keyHeader: 'x-service-api-key',
      timeoutMs: 5000,
      ...options.upstream,
    },
    secureCookies: false,
    sessionIdleSeconds: 900,
    sessionAbsoluteSeconds: 43_200,
    webDir: '/nonexistent',
    ...(options.uploadConcurrency ? { uploadConcurrency: options.uploadConcurrency } : {}),
    ...(options.consoleOrigin ? { consoleOrigin: options.consoleOrigin } : {}),
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.webhookSecret ? { webhookSecret: options.webhookSecret } : {}),
    management: {
      baseUrl: `http://127.0.0.1:${port}`,
      key: managementKey,
      orgId: labApi.management.orgId,
    },
    ...(options.reconcileIntervalMs ? { reconcileIntervalMs: options.reconcileIntervalMs } : {}),
    ...(options.liveHeartbeatMs ? { liveHeartbeatMs: options.liveHeartbeatMs } : {}),
    ...(options.sso ? { sso: options.sso } : {}),
    ...options.notifications,
    logLevel: 'trace',
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    }),
  };
  const bff = await buildApp(bffOptions);
  if (options.deliverWebhooks) {
    if (!options.webhookSecret) throw new Error('deliverWebhooks needs webhookSecret');
    await bff.listen({ port: 0, host: '127.0.0.1' });
    const bffAddress = bff.server.address();
    const bffPort = typeof bffAddress === 'object' && bffAddress ? bffAddress.port : 0;
    // As `npm start` does: an endpoint of the organisation, which admins can rotate.
    await labApi.management.registerHostEndpoint({
      url: `http://127.0.0.1:${bffPort}${WEBHOOK_RECEIVER_PATH}`,
      secret: options.webhookSecret,
    });
  }

  const request: Stack['request'] = (cookie, method, url, init = {}) =>
    bff.inject({
      method,
      url,
      headers: {
        ...(init.antiForgery === false ? {} : { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE }),
        ...(cookie ? { cookie } : {}),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: init.body }),
      ...(init.remoteAddress ? { remoteAddress: init.remoteAddress } : {}),
    });

  return {
    get lastUpstreamHeaders() {
      return stack.lastUpstreamHeaders;
    },
    bff,
    labApi,
    store,
    apiKey,
    managementKey,
    upstreamCalls,
    logs,
    request,
    async signIn(role) {
      const response = await request(null, 'POST', '/api/session', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: accountEmail(role), password: PASSWORD }),
      });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode}`);
      const cookie = response.cookies[0];
      if (!cookie) throw new Error('no session cookie');
      return `${cookie.name}=${cookie.value}`;
    },
    async replica() {
      const replicaStore = await openStore(storeLocation);
      const replicaBff = await buildApp({ ...bffOptions, store: replicaStore });
      return {
        bff: replicaBff,
        store: replicaStore,
        async close() {
          await replicaBff.close();
          await replicaStore.close();
        },
      };
    },
    async close() {
      await bff.close();
      await labApi.close();
      await store.close();
    },
  };
}
