import { z } from 'zod';
import { DESCRIPTION_KEY_HEADER, DOCUMENT_KEY_HEADER } from '../contract/openapi/differences';
import { RESULT_CRITICAL_ACK_MINUTES_DEFAULT } from '../contract/resultsInbox';
import {
  UPSTREAM_DEFAULTS,
  type Upstream,
  type UpstreamEnvironment,
} from './platform/labApi/upstream';
import type { ManagementUpstream } from './management/client';
import { UPLOAD_CONCURRENCY_DEFAULT } from './labReports/gate';
import { parseTrustProxy, type TrustProxy } from './platform/http/trustProxy';
import { SSO_CALLBACK_PATH } from '../contract/administration';
import { parseRoleMap, type SsoSettings } from './sso/ssoConfig';

/** The four real deployments of the Lab API (docs/lab-api-facts.md §1). */
export const DEPLOYMENTS = {
  production: {
    us: 'https://api.us.junction.com',
    eu: 'https://api.eu.junction.com',
  },
  sandbox: {
    us: 'https://api.sandbox.us.junction.com',
    eu: 'https://api.sandbox.eu.junction.com',
  },
} as const;

export type LogFormat = 'pretty' | 'json';

export const MAIL_FROM_DEFAULT = 'Lab console <console@localhost>';
export const ESCALATION_NEXT_TIER_MINUTES_DEFAULT = 30;
export const ESCALATION_INTERVAL_DEFAULT_MS = 15_000;
export const DIGEST_HOUR_UTC_DEFAULT = 7;

/** Reconciliation runs this often unless RECONCILE_INTERVAL_MS says otherwise. */
export const RECONCILE_INTERVAL_DEFAULT_MS = 60_000;

export type { Upstream, UpstreamEnvironment } from './platform/labApi/upstream';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(z.url().startsWith('postgres').optional()),
  LAB_API_ENVIRONMENT: optionalText.pipe(z.enum(['sandbox', 'production']).optional()),
  LAB_API_REGION: optionalText.pipe(z.enum(['us', 'eu']).optional()),
  LAB_API_BASE_URL: optionalText.pipe(z.url().optional()),
  LAB_API_KEY: optionalText,
  LAB_API_KEY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name')
    .optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  UPSTREAM_DEADLINE_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(300_000)
    .default(UPSTREAM_DEFAULTS.deadlineMs),
  UPSTREAM_RETRY_MAX_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(UPSTREAM_DEFAULTS.retryMaxWaitMs),
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(UPLOAD_CONCURRENCY_DEFAULT),
  RESULT_CRITICAL_ACK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(RESULT_CRITICAL_ACK_MINUTES_DEFAULT),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(12).default(12),
  TRUST_PROXY: optionalText.transform((value, ctx) => {
    const parsed = parseTrustProxy(value);
    if ('trust' in parsed) return parsed.trust;
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  CONSOLE_ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  CONSOLE_ADMIN_PASSWORD: optionalText.pipe(z.string().min(12).optional()),
  /** The Lab API's webhook signing secret, from its dashboard (Svix's `whsec_…`). */
  LAB_API_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be the whsec_… secret from the webhook settings')
      .optional(),
  ),
  /** The organisation management API (teams, webhooks, keys): an Org or Team management key, `mg_…`. */
  LAB_API_MANAGEMENT_KEY: optionalText,
  LAB_API_ORG_ID: optionalText.pipe(z.uuid().optional()),
  LAB_API_MANAGEMENT_BASE_URL: optionalText.pipe(z.url().optional()),
  RECONCILE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(24 * 3600 * 1000)
    .default(RECONCILE_INTERVAL_DEFAULT_MS),
  /** Single sign-on (OpenID Connect): all of issuer, client id, secret and role map, or none. */
  OIDC_ISSUER: optionalText.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_ROLE_CLAIM: z.string().trim().min(1).default('groups'),
  OIDC_ROLE_MAP: optionalText,
  OIDC_SCOPES: z.string().trim().min(1).default('openid email profile'),
  OIDC_LABEL: z.string().trim().min(1).max(60).default('Sign in with single sign-on'),
  /** The SMTP server mail leaves through (`smtp://user:pass@host:587`, `smtps://…`); unset: the local outbox. */
  SMTP_URL: optionalText.pipe(
    z
      .url()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// address')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).max(200).default(MAIL_FROM_DEFAULT),
  /** Minutes the first tier has to acknowledge a critical before the last tier is told. */
  ESCALATION_NEXT_TIER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(ESCALATION_NEXT_TIER_MINUTES_DEFAULT),
  /** The last tier of teams without a policy: comma-separated e-mail addresses (empty: every clinician). */
  ESCALATION_LAST_TIER: optionalText.transform((value, ctx) => {
    const addresses = (value ?? '')
      .split(',')
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean);
    const bad = addresses.find((a) => !z.email().safeParse(a).success);
    if (bad === undefined) return addresses;
    ctx.addIssue({ code: 'custom', message: `has an address that is not one: ${bad}` });
    return z.NEVER;
  }),
  ESCALATION_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(3600 * 1000)
    .default(ESCALATION_INTERVAL_DEFAULT_MS),
  /** The hour (0–23, UTC) the coordinators' daily digest is sent. */
  DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(DIGEST_HOUR_UTC_DEFAULT),
  /** Where the built SPA is; tests and `npm start` use the default. */
  WEB_DIR: z.string().default('./dist/web'),
});

/** How long the BFF waits for the Lab API, whichever Lab API it is. */
type UpstreamTiming = Required<Pick<Upstream, 'timeoutMs' | 'deadlineMs' | 'retryMaxWaitMs'>>;

export interface BffConfig {
  port: number;
  host: string;
  publicUrl: string;
  /**
   * The origin browsers send from the console (from PUBLIC_URL); null in local
   * development, where the address the request came in on stands in for it.
   */
  consoleOrigin: string | null;
  /** Cookies are `Secure` and `__Host-` everywhere except plain local HTTP. */
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | null;
  /** `embedded`: start the local Lab API beside the BFF and create demo accounts. */
  upstream:
    | ({ kind: 'embedded'; keyHeader: string } & UpstreamTiming)
    | ({ kind: 'remote' } & Omit<Upstream, 'environment'> & {
          environment: Exclude<UpstreamEnvironment, 'local'>;
        });
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  trustProxy: TrustProxy;
  logLevel: string;
  /** JSON lines for a log collector in production; one readable line per event by hand. */
  logFormat: LogFormat;
  bootstrapAdmin: { email: string; password: string } | null;
  webDir: string;
  /** Lab-report uploads read and forwarded at once; more are refused with Retry-After. */
  uploadConcurrency: number;
  /** Verifies Lab API webhooks; null refuses them (503). `npm start` makes one for the local Lab API. */
  webhookSecret: string | null;
  /** How often the reconciliation job looks for changes webhooks missed. */
  reconcileIntervalMs: number;
  /** Minutes a critical result may wait for an acknowledgement before the inbox says overdue. */
  resultCriticalAckMinutes: number;
  /** OpenID Connect sign-in; null when not configured (password accounts only). */
  sso: SsoSettings | null;
  /** The management API; null when not configured (`npm start` makes one for the local Lab API). */
  management: ManagementUpstream | null;
  /** Mail: through SMTP when `smtpUrl` is set, else kept in the console's outbox. */
  mail: { smtpUrl: string | null; from: string };
  /** Escalation of unacknowledged critical results, for teams without a policy of their own. */
  escalation: { nextTierMinutes: number; lastTier: string[]; intervalMs: number };
  digestHourUtc: number;
}

export type { ManagementUpstream } from './management/client';

/** The management API's address (docs/lab-api-facts.md §10). */
export const MANAGEMENT_BASE_URL_DEFAULT = 'https://api.management.junction.com';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Values never repeated in a configuration error: secrets, and URLs that may carry a password. */
const SECRET_NAME = /(KEY|SECRET|PASSWORD|TOKEN)$|^SMTP_URL$/;

/** Parses the environment once at boot; the first bad value becomes one readable line. */
export function parseConfig(env: NodeJS.ProcessEnv): BffConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // A secret in the wrong form is still a secret (a password one character short is nearly
    // the password): no key, secret, password or token is repeated in the message.
    const got = SECRET_NAME.test(name) ? undefined : env[name];
    throw new ConfigError(
      `Configuration error: ${name} ${issue?.message ?? 'is invalid'}${got === undefined ? '' : ` (got "${got}")`}`,
    );
  }
  const e = parsed.data;
  const production = env.NODE_ENV === 'production';
  // Without it a production console would fall back to plain local HTTP: cookies without Secure.
  if (production && !e.PUBLIC_URL?.startsWith('https://')) {
    throw new ConfigError(
      `Configuration error: PUBLIC_URL must be the console's https address in production (NODE_ENV=production)${e.PUBLIC_URL === undefined ? ', and it is not set' : ` (got "${e.PUBLIC_URL}")`}`,
    );
  }
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const local = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(
    publicUrl.replace(/\/$/, ''),
  );
  if (!local && !publicUrl.startsWith('https://')) {
    throw new ConfigError(
      `Configuration error: PUBLIC_URL must use https outside local development (got "${publicUrl}")`,
    );
  }
  if ((e.CONSOLE_ADMIN_EMAIL === undefined) !== (e.CONSOLE_ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Configuration error: CONSOLE_ADMIN_EMAIL and CONSOLE_ADMIN_PASSWORD must be set together',
    );
  }
  if ((e.LAB_API_MANAGEMENT_KEY === undefined) !== (e.LAB_API_ORG_ID === undefined)) {
    throw new ConfigError(
      'Configuration error: LAB_API_MANAGEMENT_KEY and LAB_API_ORG_ID must be set together',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    consoleOrigin: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null,
    secureCookies: !local,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? null,
    upstream: resolveUpstream(e),
    sessionIdleSeconds: e.SESSION_IDLE_MINUTES * 60,
    sessionAbsoluteSeconds: e.SESSION_ABSOLUTE_HOURS * 3600,
    trustProxy: e.TRUST_PROXY,
    // Run by hand, the terminal shows what needs attention; production keeps every request.
    logLevel: e.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    logFormat: e.LOG_FORMAT ?? (production ? 'json' : 'pretty'),
    bootstrapAdmin:
      e.CONSOLE_ADMIN_EMAIL && e.CONSOLE_ADMIN_PASSWORD
        ? { email: e.CONSOLE_ADMIN_EMAIL, password: e.CONSOLE_ADMIN_PASSWORD }
        : null,
    webDir: e.WEB_DIR,
    uploadConcurrency: e.UPLOAD_CONCURRENCY,
    webhookSecret: e.LAB_API_WEBHOOK_SECRET ?? null,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    resultCriticalAckMinutes: e.RESULT_CRITICAL_ACK_MINUTES,
    sso: resolveSso(e, publicUrl),
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    escalation: {
      nextTierMinutes: e.ESCALATION_NEXT_TIER_MINUTES,
      lastTier: e.ESCALATION_LAST_TIER,
      intervalMs: e.ESCALATION_INTERVAL_MS,
    },
    digestHourUtc: e.DIGEST_HOUR_UTC,
    management:
      e.LAB_API_MANAGEMENT_KEY && e.LAB_API_ORG_ID
        ? {
            baseUrl: (e.LAB_API_MANAGEMENT_BASE_URL ?? MANAGEMENT_BASE_URL_DEFAULT).replace(
              /\/$/,
              '',
            ),
            key: e.LAB_API_MANAGEMENT_KEY,
            orgId: e.LAB_API_ORG_ID,
          }
        : null,
  };
}

function resolveSso(e: z.infer<typeof envSchema>, publicUrl: string): SsoSettings | null {
  const parts = {
    OIDC_ISSUER: e.OIDC_ISSUER,
    OIDC_CLIENT_ID: e.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET,
    OIDC_ROLE_MAP: e.OIDC_ROLE_MAP,
  };
  const missing = Object.entries(parts).filter(([, v]) => v === undefined);
  if (missing.length === 4) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `Configuration error: single sign-on needs ${missing.map(([k]) => k).join(', ')} too (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_ROLE_MAP go together)`,
    );
  }
  const roleMap = parseRoleMap(e.OIDC_ROLE_MAP ?? '');
  if (typeof roleMap === 'string') {
    throw new ConfigError(`Configuration error: OIDC_ROLE_MAP ${roleMap}`);
  }
  return {
    issuer: e.OIDC_ISSUER ?? '',
    clientId: e.OIDC_CLIENT_ID ?? '',
    clientSecret: e.OIDC_CLIENT_SECRET ?? '',
    redirectUri: `${publicUrl.replace(/\/$/, '')}${SSO_CALLBACK_PATH}`,
    roleClaim: e.OIDC_ROLE_CLAIM,
    roleMap,
    scopes: e.OIDC_SCOPES,
    label: e.OIDC_LABEL,
  };
}

function resolveUpstream(e: z.infer<typeof envSchema>): BffConfig['upstream'] {
  // A real deployment takes the document's header; the local Lab API the description's.
  const keyHeader = (
    e.LAB_API_KEY_HEADER ?? (e.LAB_API_ENVIRONMENT ? DOCUMENT_KEY_HEADER : DESCRIPTION_KEY_HEADER)
  ).toLowerCase();
  const timing: UpstreamTiming = {
    timeoutMs: e.UPSTREAM_TIMEOUT_MS,
    deadlineMs: e.UPSTREAM_DEADLINE_MS,
    retryMaxWaitMs: e.UPSTREAM_RETRY_MAX_WAIT_MS,
  };
  if (!e.LAB_API_ENVIRONMENT && !e.LAB_API_BASE_URL) {
    if (e.LAB_API_KEY || e.LAB_API_REGION) {
      throw new ConfigError(
        'Configuration error: LAB_API_KEY and LAB_API_REGION need LAB_API_ENVIRONMENT or LAB_API_BASE_URL',
      );
    }
    return { kind: 'embedded', keyHeader, ...timing };
  }
  if (!e.LAB_API_KEY) {
    throw new ConfigError('Configuration error: LAB_API_KEY is required with a remote Lab API');
  }
  const region = e.LAB_API_REGION ?? (e.LAB_API_ENVIRONMENT ? 'us' : null);
  // A base URL overrides the address; the environment, when given, still says what it is.
  const environment = e.LAB_API_ENVIRONMENT ?? 'custom';
  const baseUrl =
    e.LAB_API_BASE_URL ??
    (e.LAB_API_ENVIRONMENT && region ? DEPLOYMENTS[e.LAB_API_ENVIRONMENT][region] : '');
  return {
    kind: 'remote',
    environment,
    region,
    baseUrl: baseUrl.replace(/\/$/, ''),
    apiKey: e.LAB_API_KEY,
    keyHeader,
    ...timing,
  };
}
