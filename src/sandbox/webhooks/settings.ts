import { Webhook } from 'svix';

/* How the local Lab API sends webhooks: endpoints, the retry clock, and the test switches. */

export interface WebhookEndpoint {
  url: string;
  /** The endpoint's signing secret, `whsec_` and base64 (Svix's form). */
  secret: string;
  /**
   * The secret before a rotation: while set, each delivery carries a signature with each
   * secret (Svix keeps signing with the old one for a while), so a receiver that has not
   * switched yet still verifies.
   */
  previousSecret?: string | null;
  /** Custom headers sent with every delivery (management API `…/headers`). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * Switches for tests, each a way the real service may behave (docs/lab-api-facts.md §12: at least once,
 * order not guaranteed), made to happen on demand.
 */
export interface WebhookChaos {
  /** Every successful delivery is sent again: `true` once more, a number that many more times. */
  duplicate?: boolean | number;
  /** Each batch of due deliveries goes out newest first (pause, act, resume to make a batch). */
  reorder?: boolean;
  /** The next N deliveries are lost: recorded as `dropped`, never sent, never retried. */
  dropFirst?: number;
}

export interface WebhookSettings {
  endpoints?: readonly WebhookEndpoint[];
  /** Multiplies the provider's retry schedule (1 = real time; 0.001 turns 5 min into 0.3 s). */
  retryScale?: number;
  /** How long an endpoint has to answer (the provider's 15 s). */
  timeoutMs?: number;
  chaos?: WebhookChaos;
}

/** Svix's own check of a secret, so a bad one fails where it is given, not at the first send. */
export function signerFor(endpoint: WebhookEndpoint): Webhook {
  if (!endpoint.secret.startsWith('whsec_')) {
    throw new Error('A webhook signing secret starts with "whsec_".');
  }
  const url = new URL(endpoint.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`A webhook endpoint is an http(s) URL, not "${endpoint.url}".`);
  }
  return new Webhook(endpoint.secret);
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (!text) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, not "${text}".`);
  }
  return value;
}

/**
 * `SANDBOX_WEBHOOK_URL` + `SANDBOX_WEBHOOK_SECRET` (one endpoint), `SANDBOX_WEBHOOK_RETRY_SCALE`,
 * and the test switches `SANDBOX_WEBHOOK_DUPLICATE` (a count, or `true`),
 * `SANDBOX_WEBHOOK_REORDER=true`, `SANDBOX_WEBHOOK_DROP_FIRST` (a count).
 */
export function webhookSettingsFromEnv(env: NodeJS.ProcessEnv): WebhookSettings {
  const url = env.SANDBOX_WEBHOOK_URL;
  const secret = env.SANDBOX_WEBHOOK_SECRET;
  if (Boolean(url) !== Boolean(secret)) {
    throw new Error('SANDBOX_WEBHOOK_URL and SANDBOX_WEBHOOK_SECRET go together.');
  }
  const duplicateText = env.SANDBOX_WEBHOOK_DUPLICATE;
  const duplicate =
    duplicateText === 'true' ? true : positiveNumber(env, 'SANDBOX_WEBHOOK_DUPLICATE');
  const dropFirst = positiveNumber(env, 'SANDBOX_WEBHOOK_DROP_FIRST');
  const chaos: WebhookChaos = {
    ...(duplicate !== undefined ? { duplicate } : {}),
    ...(env.SANDBOX_WEBHOOK_REORDER === 'true' ? { reorder: true } : {}),
    ...(dropFirst !== undefined ? { dropFirst } : {}),
  };
  const retryScale = positiveNumber(env, 'SANDBOX_WEBHOOK_RETRY_SCALE');
  return {
    ...(url && secret ? { endpoints: [{ url, secret }] } : {}),
    ...(retryScale !== undefined ? { retryScale } : {}),
    ...(Object.keys(chaos).length > 0 ? { chaos } : {}),
  };
}
