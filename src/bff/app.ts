import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import {
  DIGEST_HOUR_UTC_DEFAULT,
  ESCALATION_INTERVAL_DEFAULT_MS,
  ESCALATION_NEXT_TIER_MINUTES_DEFAULT,
  MAIL_FROM_DEFAULT,
  RECONCILE_INTERVAL_DEFAULT_MS,
  type LogFormat,
  type ManagementUpstream,
  type Upstream,
} from './config';
import { ManagementClient } from './management/client';
import { managementRoutes } from './management/routes';
import { SigningSecrets } from './webhooks/signingSecrets';
import { SessionEnds } from './platform/session/sessionEnds';
import { RESULT_CRITICAL_ACK_MINUTES_DEFAULT } from '../contract/resultsInbox';
import { accessPlugin } from './platform/access/access';
import { apiGuardPlugin } from './platform/http/apiGuard';
import { answerUnparsableRequest, errorsPlugin, routeFrameworkError } from './platform/http/errors';
import { logRedaction } from './platform/http/logRedaction';
import { securityHeadersPlugin } from './platform/http/securityHeaders';
import { spaPlugin } from './platform/http/spa';
import { LabApiClient } from './platform/labApi/upstream';
import { deletedPatientsRoutes } from './patients/deletedPatients';
import { patientDirectoryRoutes } from './patients/patientDirectory';
import { healthRoutes } from './platform/http/health';
import { labProxyRoutes } from './labProxy/routes';
import { livePlugin, type Live } from './live/livePlugin';
import { webhooksPlugin, type Webhooks } from './webhooks/webhooksPlugin';
import { reportUploadRoutes } from './labReports/routes';
import { resultsInboxRoutes } from './resultsInbox/routes';
import { acknowledgementsOf } from './resultsInbox/acknowledgements';
import { notificationsPlugin, type EscalationSettings } from './notifications/notificationsPlugin';
import type { MailSettings } from './notifications/mailer';
import { savedViewsRoutes } from './savedViews/routes';
import { sessionRoutes } from './signIn/routes';
import { accountRoutes } from './adminAccounts/routes';
import { auditRoutes } from './auditTrail/routes';
import type { SsoSettings } from './sso/ssoConfig';
import { ssoRoutes } from './sso/ssoRoutes';
import { toFastifyTrustProxy, type TrustProxy } from './platform/http/trustProxy';
import type { Store } from './platform/database/database';
import { UPLOAD_CONCURRENCY_DEFAULT, UploadGate } from './labReports/gate';

export interface AppOptions {
  store: Store;
  upstream: Upstream;
  secureCookies: boolean;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  webDir: string;
  /** PUBLIC_URL's origin: the only one allowed to call `/api`. Omitted in local development. */
  consoleOrigin?: string | null;
  trustProxy?: TrustProxy;
  /** A pino level; omitted means no logging (tests). */
  logLevel?: string;
  /** `pretty` writes one readable line per event to stdout; JSON lines otherwise. */
  logFormat?: LogFormat;
  /** Where log lines go (default stdout); tests read them to prove nothing secret is logged. */
  logStream?: NodeJS.WritableStream;
  /** Lab-report uploads handled at once (default `UPLOAD_CONCURRENCY_DEFAULT`). */
  uploadConcurrency?: number;
  /** The Lab API's webhook signing secret (`whsec_…`); without it deliveries get 503. */
  webhookSecret?: string | null;
  /** The organisation management API and its key; omitted or null: management is not configured. */
  management?: ManagementUpstream | null;
  /** How often reconciliation reads the orders changed since its last point (default 60 s). */
  reconcileIntervalMs?: number;
  /** Heartbeat of live-event streams, when each stream's session is re-checked (default 15 s). */
  liveHeartbeatMs?: number;
  /** Minutes before an unacknowledged critical result is overdue (default 60). */
  resultCriticalAckMinutes?: number;
  /** OpenID Connect sign-in; omitted or null: password accounts only. */
  sso?: SsoSettings | null;
  /** The console's address, for links in e-mails (default `http://localhost`). */
  publicUrl?: string;
  /** SMTP server and From address; omitted: mail is kept in the console's outbox. */
  mail?: MailSettings;
  /** Escalation of unacknowledged criticals for teams without a policy (defaults from config.ts). */
  escalation?: Partial<EscalationSettings>;
  /** The hour (UTC) the coordinators' daily digest goes out (default 7). */
  digestHourUtc?: number;
  /** The escalation and digest jobs' clock; tests move it forward instead of waiting. */
  notificationsClock?: () => number;
  /** Sees every route as it is registered, before any plugin: the route census test reads them. */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Both halves of webhooks-in, live-out, for tests that drive the processor or reconciler. */
    liveOperations: Live & Webhooks;
  }
}

/** Log lines carry the path, never the query string: queries can hold patient names. */
const serializers = {
  req(request: { method: string; url: string; id: string }) {
    return { method: request.method, path: request.url.split('?')[0], id: request.id };
  },
};

function logDestination(opts: AppOptions) {
  if (opts.logStream) return { stream: opts.logStream };
  if (opts.logFormat !== 'pretty') return {};
  return {
    stream: pinoPretty({
      colorize: process.stdout.isTTY,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
      singleLine: true,
    }),
  };
}

/** Builds the BFF without listening: `server.ts` listens, tests call `inject`. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const fastify = Fastify({
    logger: opts.logLevel
      ? {
          level: opts.logLevel,
          serializers,
          redact: logRedaction(opts.upstream.keyHeader),
          ...logDestination(opts),
        }
      : false,
    frameworkErrors: routeFrameworkError,
    clientErrorHandler: answerUnparsableRequest,
    genReqId: () => randomUUID(),
    trustProxy: toFastifyTrustProxy(opts.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
  });
  if (opts.onRoute) fastify.addHook('onRoute', opts.onRoute);
  // Only JSON is accepted on /api; text/plain would otherwise be parsed too.
  fastify.removeContentTypeParser('text/plain');

  const cookieName = opts.secureCookies ? '__Host-lab_session' : 'lab_session';
  const client = new LabApiClient(opts.upstream);
  const signingSecrets = new SigningSecrets(opts.store.db, opts.webhookSecret ?? null);
  // Accounts end sessions, live holds streams open on them: the two rooms meet only here.
  const sessionEnds = new SessionEnds();
  fastify.addHook('onClose', () => client.close());

  await fastify.register(errorsPlugin);
  await fastify.register(securityHeadersPlugin, { secure: opts.secureCookies });
  await fastify.register(cookie);
  // API answers (an orders page is ~100 KB of JSON) travel compressed; a low brotli
  // quality keeps the CPU cost per request small. Precompressed assets pass untouched.
  await fastify.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await fastify.register(apiGuardPlugin, {
    store: opts.store,
    cookieName,
    consoleOrigin: opts.consoleOrigin ?? null,
    policy: { idleSeconds: opts.sessionIdleSeconds, absoluteSeconds: opts.sessionAbsoluteSeconds },
  });
  // Every /api route declares its permission and audit; this hook checks and writes them.
  await fastify.register(accessPlugin, { store: opts.store });
  await fastify.register(healthRoutes, { store: opts.store });
  // Notifications learn of acknowledgements from the results inbox room through a port;
  // neither room imports the other.
  await fastify.register(notificationsPlugin, {
    store: opts.store,
    client,
    publicUrl: opts.publicUrl ?? 'http://localhost',
    mail: opts.mail ?? { smtpUrl: null, from: MAIL_FROM_DEFAULT },
    escalation: {
      nextTierMinutes: ESCALATION_NEXT_TIER_MINUTES_DEFAULT,
      lastTier: [],
      intervalMs: ESCALATION_INTERVAL_DEFAULT_MS,
      ...opts.escalation,
    },
    acknowledgementsOf: (orderIds) => acknowledgementsOf(opts.store.db, orderIds),
    digestHourUtc: opts.digestHourUtc ?? DIGEST_HOUR_UTC_DEFAULT,
    ...(opts.notificationsClock ? { now: opts.notificationsClock } : {}),
  });
  await fastify.register(sessionRoutes, {
    store: opts.store,
    upstream: opts.upstream,
    cookieName,
    secureCookies: opts.secureCookies,
    idleSeconds: opts.sessionIdleSeconds,
    absoluteSeconds: opts.sessionAbsoluteSeconds,
  });
  await fastify.register(ssoRoutes, {
    store: opts.store,
    settings: opts.sso ?? null,
    cookieName,
    secureCookies: opts.secureCookies,
    absoluteSeconds: opts.sessionAbsoluteSeconds,
  });
  await fastify.register(accountRoutes, {
    store: opts.store,
    sessionIdleSeconds: opts.sessionIdleSeconds,
    sessionEnds,
    mailPasswordLink: fastify.notifications.mailPasswordLink,
  });
  await fastify.register(auditRoutes, { store: opts.store });
  await fastify.register(reportUploadRoutes, {
    store: opts.store,
    client,
    gate: new UploadGate(opts.uploadConcurrency ?? UPLOAD_CONCURRENCY_DEFAULT),
  });
  await fastify.register(deletedPatientsRoutes, { store: opts.store });
  await fastify.register(patientDirectoryRoutes, { store: opts.store, client });
  await fastify.register(resultsInboxRoutes, {
    store: opts.store,
    client,
    criticalAckMinutes: opts.resultCriticalAckMinutes ?? RESULT_CRITICAL_ACK_MINUTES_DEFAULT,
  });
  await fastify.register(savedViewsRoutes, { store: opts.store });
  await fastify.register(managementRoutes, {
    store: opts.store,
    client: opts.management ? new ManagementClient(opts.management) : null,
    signingSecrets,
    defaults: {
      environment: opts.upstream.environment === 'production' ? 'production' : 'sandbox',
      region: opts.upstream.region ?? 'us',
    },
    realDeployment: opts.upstream.environment !== 'local',
  });
  await fastify.register(labProxyRoutes, { store: opts.store, upstream: opts.upstream, client });
  // Webhooks in, live events out: the two rooms meet only here. The live room owns the
  // publisher; the webhooks room is handed it as a `ChangePublisher` and never imports live.
  // The notifications room wraps it, to open an escalation with each critical recorded.
  await fastify.register(livePlugin, {
    store: opts.store,
    policy: { idleSeconds: opts.sessionIdleSeconds, absoluteSeconds: opts.sessionAbsoluteSeconds },
    heartbeatMs: opts.liveHeartbeatMs ?? 15_000,
    sessionEnds,
  });
  await fastify.register(webhooksPlugin, {
    store: opts.store,
    client,
    publisher: fastify.notifications.watch(fastify.live.publisher),
    signingSecrets,
    reconcileIntervalMs: opts.reconcileIntervalMs ?? RECONCILE_INTERVAL_DEFAULT_MS,
  });
  fastify.decorate('liveOperations', { ...fastify.live, ...fastify.webhookInbox });
  await fastify.register(spaPlugin, { webDir: opts.webDir });
  return fastify;
}
