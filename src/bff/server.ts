import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { BffConfig, Upstream } from './config';
import { DEMO_ACCOUNTS } from './demoAccounts';
import { ensureAccount, ensureBreakGlassAdmin, removeAccounts } from './platform/accounts/accounts';
import { openStore, storeLocationFor, type Store } from './platform/database/database';

export interface RunningBff {
  app: FastifyInstance;
  store: Store;
  url: string;
  close(): Promise<void>;
}

/** The only place the BFF listens. */
export async function startBff(config: BffConfig, upstream: Upstream): Promise<RunningBff> {
  const store = await openStore(storeLocationFor(config));
  if (upstream.environment === 'local') {
    for (const account of DEMO_ACCOUNTS) await ensureAccount(store.db, account);
  } else {
    // A data folder first used for the demo must not keep its well-known passwords.
    await removeAccounts(
      store.db,
      DEMO_ACCOUNTS.map((a) => a.email),
    );
  }
  if (config.bootstrapAdmin) {
    await ensureBreakGlassAdmin(store.db, config.bootstrapAdmin);
  }
  const app = await buildApp({
    store,
    upstream,
    secureCookies: config.secureCookies,
    sessionIdleSeconds: config.sessionIdleSeconds,
    sessionAbsoluteSeconds: config.sessionAbsoluteSeconds,
    webDir: config.webDir,
    trustProxy: config.trustProxy,
    consoleOrigin: config.consoleOrigin,
    logLevel: config.logLevel,
    logFormat: config.logFormat,
    uploadConcurrency: config.uploadConcurrency,
    webhookSecret: config.webhookSecret,
    management: config.management,
    reconcileIntervalMs: config.reconcileIntervalMs,
    resultCriticalAckMinutes: config.resultCriticalAckMinutes,
    sso: config.sso,
    publicUrl: config.publicUrl,
    mail: config.mail,
    escalation: config.escalation,
    digestHourUtc: config.digestHourUtc,
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    app,
    store,
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    async close() {
      await app.close();
      await store.close();
    },
  };
}
