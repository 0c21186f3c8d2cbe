import { randomBytes } from 'node:crypto';
import { ConfigError, parseConfig, type Upstream } from './bff/config';
import { DEMO_ACCOUNTS } from './bff/demoAccounts';
import { startBff } from './bff/server';
import { WEBHOOK_RECEIVER_PATH } from './contract';
import {
  managementPlanFromEnv,
  timeseriesPageSizeFromEnv,
  webhookSettingsFromEnv,
} from './sandbox/settingsFromEnv';
import { startSandboxWorker, type SandboxWorker } from './sandbox/worker/host';

/*
 * The composition root, and the only module that sees both the BFF and the local
 * Lab API: with no upstream configured it starts the local Lab API on loopback
 * with a fresh key, then the BFF in front of it. The local Lab API runs in a worker thread
 * of its own, so the two use two cores (a year of wearable data is many pages from both).
 */

async function main() {
  const config = parseConfig(process.env);
  const closers: (() => Promise<void>)[] = [];

  let upstream: Upstream;
  let sandbox: SandboxWorker | null = null;
  let management = config.management;
  if (config.upstream.kind === 'embedded') {
    const apiKey = `sk_local_${randomBytes(24).toString('base64url')}`;
    // The organisation's Org management key, made here like the team key (never printed).
    const managementKey = `mg_local_${randomBytes(24).toString('base64url')}`;
    // The sender's retry clock and test switches (SANDBOX_WEBHOOK_*); the endpoint is this BFF.
    const webhooks = webhookSettingsFromEnv(process.env);
    sandbox = await startSandboxWorker(
      {
        host: '127.0.0.1',
        port: 0,
        dataDir: config.dataDir,
        apiKey,
        keyHeader: config.upstream.keyHeader,
        // The closed-beta gate of unmatched results for the local team (default on).
        unmatchedResultsEnabled: process.env.SANDBOX_UNMATCHED_RESULTS_ENABLED !== 'false',
        timeseriesPageSize: timeseriesPageSizeFromEnv(process.env),
        ...(webhooks.retryScale !== undefined ? { webhookRetryScale: webhooks.retryScale } : {}),
        ...(webhooks.chaos ? { webhookChaos: webhooks.chaos } : {}),
        managementKey,
        // `none`: a plan without the management features, to see what the console says then.
        managementPlan: managementPlanFromEnv(process.env) ?? 'enterprise',
      },
      {
        // The BFF cannot answer without it: better to stop than to hang or answer 502s.
        onUnexpectedExit(reason) {
          console.error(`The local Lab API stopped unexpectedly: ${reason}`);
          process.exit(1);
        },
      },
    );
    const running = sandbox;
    management = { baseUrl: sandbox.url, key: managementKey, orgId: sandbox.management.orgId };
    closers.push(() => running.close());
    upstream = {
      environment: 'local',
      region: null,
      baseUrl: sandbox.url,
      apiKey,
      keyHeader: config.upstream.keyHeader,
      timeoutMs: config.upstream.timeoutMs,
      deadlineMs: config.upstream.deadlineMs,
      retryMaxWaitMs: config.upstream.retryMaxWaitMs,
    };
  } else {
    upstream = config.upstream;
  }

  // The local Lab API signs its webhooks with a secret made here (or the one configured),
  // and delivers them to this BFF's receiver once its address is known.
  const webhookSecret =
    config.webhookSecret ?? (sandbox ? `whsec_${randomBytes(24).toString('base64')}` : null);
  const bff = await startBff({ ...config, webhookSecret, management }, upstream);
  closers.unshift(() => bff.close());
  if (sandbox && webhookSecret) {
    // A webhook endpoint of the local organisation: admins see and rotate it like any other.
    await sandbox.management.registerHostEndpoint({
      url: `${bff.url}${WEBHOOK_RECEIVER_PATH}`,
      secret: webhookSecret,
    });
  }

  const lines = [
    '',
    `Lab console is ready at ${config.publicUrl === `http://localhost:${config.port}` ? bff.url.replace('127.0.0.1', 'localhost') : config.publicUrl}`,
    upstream.environment === 'local'
      ? `Lab API: the local one (data in ${config.dataDir})`
      : `Lab API: ${upstream.environment}${upstream.region ? ` (${upstream.region})` : ''} at ${upstream.baseUrl}`,
  ];
  if (upstream.environment === 'local') {
    lines.push('Demo accounts (local Lab API only):');
    for (const a of DEMO_ACCOUNTS)
      lines.push(`  ${a.role.padEnd(12)} ${a.email.padEnd(24)} ${a.password}`);
  }
  console.log(lines.join('\n') + '\n');

  const stop = async () => {
    for (const close of closers) await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Lab console failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
