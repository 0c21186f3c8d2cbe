import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Store } from '../platform/database/database';
import type { SessionEnds } from '../platform/session/sessionEnds';
import type { SessionPolicy } from '../platform/session/sessions';
import { pruneLiveEvents } from './eventLog';
import { InProcessFanout, PostgresFanout, type LiveFanout } from './fanout';
import { LiveHub } from './hub';
import { LivePublisher } from './publisher';
import { liveRoutes } from './route';

export interface LivePluginOptions {
  store: Store;
  policy: SessionPolicy;
  heartbeatMs: number;
  sessionEnds: SessionEnds;
}

export interface Live {
  hub: LiveHub;
  /** The one writer of record state and live events; the webhooks room is handed it. */
  publisher: LivePublisher;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

/** A browser away longer than this refetches instead of replaying. */
const LIVE_LOG_KEEP_MS = 24 * 3600 * 1000;

/**
 * Live updates out: the event log, its fan-out between replicas and the SSE route. The
 * log and record states are in the store, so any replica can serve any stream; only the
 * open streams and the PostgreSQL listener are per process.
 */
export const livePlugin = fp(async function live(
  fastify: FastifyInstance,
  opts: LivePluginOptions,
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
  fastify.decorate('live', { hub, publisher });

  const prune = setInterval(() => {
    pruneLiveEvents(store.db, Date.now() - LIVE_LOG_KEEP_MS).catch((error: unknown) =>
      fastify.log.warn({ err: error }, 'pruning live events failed'),
    );
  }, 3600_000);
  prune.unref();

  fastify.addHook('onClose', async () => {
    clearInterval(prune);
    await fanout.close();
  });

  await fastify.register(liveRoutes, {
    store,
    hub,
    policy: opts.policy,
    heartbeatMs: opts.heartbeatMs,
    sessionEnds: opts.sessionEnds,
  });
});
