import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Store } from '../platform/database/database';
import type { LabApiClient } from '../platform/labApi/upstream';
import type { ChangePublisher } from '../platform/liveChanges/recordChanges';
import { webhookAdminRoutes } from './adminRoute';
import { pruneInbox } from './inbox';
import { InboxProcessor } from './processor';
import { Reconciler } from './reconciler';
import { webhookReceiverRoutes } from './receiver';
import type { SigningSecrets } from './signingSecrets';

export interface WebhooksPluginOptions {
  store: Store;
  client: LabApiClient;
  /** Where changes go: the live room's publisher, handed in by the composition root. */
  publisher: ChangePublisher;
  /** The secrets deliveries verify with; none answers webhooks 503 (and says so in the log once). */
  signingSecrets: SigningSecrets;
  reconcileIntervalMs: number;
}

export interface Webhooks {
  processor: InboxProcessor;
  reconciler: Reconciler;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhookInbox: Webhooks;
  }
}

/** Past the provider's whole retry schedule (about 28 h) and then some. */
const INBOX_KEEP_MS = 7 * 24 * 3600 * 1000;

/**
 * Webhooks in: the signed receiver, the durable inbox and its processor, reconciliation
 * against the Lab API, and the admins' view of the inbox. Every piece of state is in the
 * store (inbox, reconciliation cursor), so any replica can take any delivery.
 */
export const webhooksPlugin = fp(async function webhooks(
  fastify: FastifyInstance,
  opts: WebhooksPluginOptions,
) {
  const { store, publisher } = opts;
  const processor = new InboxProcessor(store.db, publisher, fastify.log);
  const reconciler = new Reconciler({
    db: store.db,
    client: opts.client,
    publisher,
    processor,
    log: fastify.log,
    intervalMs: opts.reconcileIntervalMs,
  });
  fastify.decorate('webhookInbox', { processor, reconciler });

  processor.start();
  reconciler.start();
  const prune = setInterval(() => {
    pruneInbox(store.db, Date.now() - INBOX_KEEP_MS).catch((error: unknown) =>
      fastify.log.warn({ err: error }, 'pruning the webhook inbox failed'),
    );
  }, 3600_000);
  prune.unref();

  fastify.addHook('onClose', async () => {
    clearInterval(prune);
    reconciler.stop();
    processor.stop();
    await processor.idle();
  });

  // The receiver reads raw bytes: its own scope, so /api keeps its JSON parser.
  await fastify.register(webhookReceiverRoutes, {
    store,
    secrets: opts.signingSecrets,
    processor,
  });
  await fastify.register(webhookAdminRoutes, { store, reconciler });
});
