import { realpathSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSandboxApp, type SandboxLabEvents } from './app';
import type { ManagementPlan, SandboxManagement } from './management';
import type { SandboxWebhooks } from './webhooks/sender';
import {
  managementPlanFromEnv,
  timeseriesPageSizeFromEnv,
  webhookSettingsFromEnv,
} from './settingsFromEnv';
import type { WebhookChaos, WebhookEndpoint } from './webhooks/settings';

export interface StartSandboxOptions {
  host?: string;
  /** 0 picks any free port. */
  port?: number;
  dataDir: string;
  apiKey: string;
  keyHeader?: string;
  logger?: boolean;
  unmatchedResultsEnabled?: boolean;
  timeseriesPageSize?: number;
  webhookEndpoints?: readonly WebhookEndpoint[];
  webhookRetryScale?: number;
  webhookChaos?: WebhookChaos;
  /** The Org management key the host's console is given. */
  managementKey?: string;
  managementPlan?: ManagementPlan;
}

export interface RunningSandbox {
  url: string;
  close(): Promise<void>;
  /** Register the BFF's receiver once its URL is known: `webhooks.addEndpoint({ url, secret })`. */
  webhooks: SandboxWebhooks;
  /** Changes no Lab API request makes (a new unmatched result arrives). */
  labEvents: SandboxLabEvents;
  /** The organisation: its id, the plan switch, and the host console's webhook endpoint. */
  management: SandboxManagement;
}

/** The only listener of the local Lab API; its data lives in `${dataDir}/sandbox.sqlite`. */
export async function startSandbox(o: StartSandboxOptions): Promise<RunningSandbox> {
  const app = await buildSandboxApp({
    dbFile: path.join(o.dataDir, 'sandbox.sqlite'),
    apiKey: o.apiKey,
    ...(o.keyHeader ? { keyHeader: o.keyHeader } : {}),
    ...(o.logger !== undefined ? { logger: o.logger } : {}),
    ...(o.unmatchedResultsEnabled !== undefined
      ? { unmatchedResultsEnabled: o.unmatchedResultsEnabled }
      : {}),
    ...(o.timeseriesPageSize ? { timeseriesPageSize: o.timeseriesPageSize } : {}),
    ...(o.webhookEndpoints ? { webhookEndpoints: o.webhookEndpoints } : {}),
    ...(o.webhookRetryScale !== undefined ? { webhookRetryScale: o.webhookRetryScale } : {}),
    ...(o.webhookChaos ? { webhookChaos: o.webhookChaos } : {}),
    ...(o.managementKey ? { managementKey: o.managementKey } : {}),
    ...(o.managementPlan ? { managementPlan: o.managementPlan } : {}),
  });
  const host = o.host ?? '127.0.0.1';
  await app.listen({ host, port: o.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : o.port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${String(port)}`,
    close: () => app.close(),
    webhooks: app.webhooks,
    labEvents: app.labEvents,
    management: app.management,
  };
}

/**
 * Run directly (`node dist/server/sandbox.js`, `tsx src/sandbox/server.ts`). Bundlers give
 * every module of a bundle the bundle's import.meta.url, so the composition root's bundle
 * (start.js) would match too: the entry file must also be named for the sandbox.
 */
function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  let resolved: string;
  try {
    resolved = realpathSync(entry);
  } catch {
    return false;
  }
  const name = path.basename(resolved).replace(/\.[cm]?[jt]s$/, '');
  return (
    import.meta.url === pathToFileURL(resolved).href && (name === 'sandbox' || name === 'server')
  );
}

async function main() {
  const apiKey = process.env.SANDBOX_API_KEY;
  if (!apiKey) {
    console.error('SANDBOX_API_KEY is required: the team key clients must send.');
    process.exit(1);
  }
  const port = Number(process.env.SANDBOX_PORT ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`SANDBOX_PORT must be a port number, not "${process.env.SANDBOX_PORT ?? ''}".`);
    process.exit(1);
  }
  const webhooks = webhookSettingsFromEnv(process.env);
  const sandbox = await startSandbox({
    host: process.env.SANDBOX_HOST ?? '127.0.0.1',
    port,
    dataDir: process.env.DATA_DIR ?? './data',
    apiKey,
    // The closed-beta gate, per team (one key, one team): `false` turns the review off.
    unmatchedResultsEnabled: process.env.SANDBOX_UNMATCHED_RESULTS_ENABLED !== 'false',
    timeseriesPageSize: timeseriesPageSizeFromEnv(process.env),
    ...(webhooks.endpoints ? { webhookEndpoints: webhooks.endpoints } : {}),
    ...(webhooks.retryScale !== undefined ? { webhookRetryScale: webhooks.retryScale } : {}),
    ...(webhooks.chaos ? { webhookChaos: webhooks.chaos } : {}),
    ...(process.env.SANDBOX_MANAGEMENT_KEY
      ? { managementKey: process.env.SANDBOX_MANAGEMENT_KEY }
      : {}),
    managementPlan: managementPlanFromEnv(process.env) ?? 'enterprise',
  });
  console.log(`Local Lab API listening on ${sandbox.url}`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (isEntryPoint()) {
  main().catch((error: unknown) => {
    console.error('Local Lab API failed to start:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
