import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LabApiClient } from '../platform/labApi/upstream';
import type { Store } from '../platform/database/database';
import type { SessionPolicy } from '../platform/session/sessions';
import { webhookAdminRoutes } from '../webhooks/adminRoute';
import { pruneInbox } from '../webhooks/inbox';
import { InboxProcessor } from '../webhooks/processor';
import { Reconciler } from '../webhooks/reconciler';
import { webhookReceiverRoutes } from '../webhooks/receiver';
import type { SigningSecrets } from '../webhooks/signingSecrets';
import { pruneLiveEvents } from './eventLog';
import { InProcessFanout, PostgresFanout, type LiveFanout } from './fanout';
import { LiveHub } from './hub';
import { LivePublisher } from './publisher';
import { liveRoutes } from './route';

export interface LiveOperationsOptions {
  store: Store;
  client: LabApiClient;
  policy: SessionPolicy;
  /** The secrets deliveries verify with; none answers webhooks 503 (and says so in the log once). */
  signingSecrets: SigningSecrets;
  reconcileIntervalMs: number;
  heartbeatMs: number;
}

export interface LiveOperations {
  hub: LiveHub;
  publisher: LivePublisher;
  processor: InboxProcessor;
  reconciler: Reconciler;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveOperations: LiveOperations;
  }
}

/** Past the provider's whole retry schedule (about 28 h) and then some. */
const INBOX_KEEP_MS = 7 * 24 * 3600 * 1000;
/** A browser away longer than this refetches instead of replaying. */
const LIVE_LOG_KEEP_MS = 24 * 3600 * 1000;

/**
 * Webhooks in, live updates out (issue 14). Every piece of state is in the store —
 * inbox, record states, the event log, the reconciliation cursor — so any replica can
 * take any request; only the open streams and the PostgreSQL listener are per process.
 */
export const liveOperationsPlugin = fp(async function liveOperations(
  fastify: FastifyInstance,
  opts: LiveOperationsOptions,
) {
  const { store } = opts;
  const hub = new LiveHub(store.db, fastify.log);
  await hub.start();
  const fanout: LiveFanout =
    store.location?.dialect === 'postgres'
      ? new PostgresFanout(store.location, hub, fastify.log)
      : new InProcessFanout(hub);
  await fanout.start();
  const publisher = new LivePublisher(store.db, fanout);
  const processor = new InboxProcessor(store.db, publisher, fastify.log);
  const reconciler = new Reconciler({
    db: store.db,
    client: opts.client,
    publisher,
    processor,
    log: fastify.log,
    intervalMs: opts.reconcileIntervalMs,
  });
  fastify.decorate('liveOperations', { hub, publisher, processor, reconciler });

  processor.start();
  reconciler.start();
  const prune = setInterval(() => {
    const now = Date.now();
    Promise.all([
      pruneInbox(store.db, now - INBOX_KEEP_MS),
      pruneLiveEvents(store.db, now - LIVE_LOG_KEEP_MS),
    ]).catch((error: unknown) => fastify.log.warn({ err: error }, 'pruning live data failed'));
  }, 3600_000);
  prune.unref();

  fastify.addHook('onClose', async () => {
    clearInterval(prune);
    reconciler.stop();
    processor.stop();
    await processor.idle();
    await fanout.close();
  });

  // The receiver reads raw bytes: its own scope, so /api keeps its JSON parser.
  await fastify.register(webhookReceiverRoutes, {
    store,
    secrets: opts.signingSecrets,
    processor,
  });
  await fastify.register(liveRoutes, {
    store,
    hub,
    policy: opts.policy,
    heartbeatMs: opts.heartbeatMs,
  });
  await fastify.register(webhookAdminRoutes, { store, reconciler });
});
