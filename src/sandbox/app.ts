import Fastify, { type FastifyInstance } from 'fastify';
import { DESCRIPTION_KEY_HEADER } from '../contract/openapi/differences';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { labAccountsRoutes } from './routes/labAccounts';
import { labTestsRoutes } from './routes/labTests';
import { orderingRoutes } from './routes/ordering';
import { ordersRoutes } from './routes/orders';
import { testkitRoutes } from './routes/testkits';
import { usersRoutes } from './routes/users';
import { parsingJobsRoutes } from './routes/parsingJobs';
import { unmatchedResultsRoutes } from './routes/unmatchedResults';
import { DEFAULT_TIMESERIES_PAGE_SIZE, timeseriesRoutes } from './routes/timeseries';
import { phlebotomyRoutes } from './routes/phlebotomy';
import { pscRoutes } from './routes/psc';
import { orderActionsRoutes } from './routes/orderActions';
import { trackingRoutes } from './routes/tracking';
import { resendEventsRoutes } from './routes/resendEvents';
import { labTestCatalogueRoutes } from './routes/labTestCatalogue';
import { orderDocumentsRoutes } from './routes/orderDocuments';
import { orderImportRoutes } from './routes/orderImport';
import { insuranceRoutes } from './routes/insurance';
import { providersRoutes } from './routes/providers';
import { WebhookSender, type SandboxWebhooks } from './webhooks/sender';
import { unmatchedResultArrives } from './store/unmatchedArrival';
import type { WebhookChaos, WebhookEndpoint } from './webhooks/settings';
import { Simulator } from './lifecycle/simulator';
import type { RouteContext } from './routes/context';
import { DEMO_TEAM_ID, isEmpty, seed } from './seed';
import { openSandboxDb } from './store/database';
import {
  registerManagement,
  type SandboxManagement,
  type SandboxManagementOptions,
} from './management';

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /path/:param` of every Lab API route, for the conformance suite's coverage check. */
    labApiRoutes: readonly string[];
    /** The webhook sender: endpoints, test switches, and waiting for deliveries (README). */
    webhooks: SandboxWebhooks;
    /** Changes no Lab API request makes, for tests and demos (README: webhooks). */
    labEvents: SandboxLabEvents;
    /** The organisation management API's host side: its org id, plan switch, host endpoint. */
    management: SandboxManagement;
  }
}

export interface SandboxLabEvents {
  /** A new unmatched result awaits the team's review; answers its id. */
  unmatchedResultArrives(): Promise<{ id: string }>;
}

export interface SandboxOptions extends SandboxManagementOptions {
  /** A file path, or ':memory:' for a store that lives as long as the app. */
  dbFile: string;
  apiKey: string;
  /** Default x-service-api-key (the description's name; real deployments take x-vital-api-key). */
  keyHeader?: string;
  /** Default true: seed the demo team when the store is empty. */
  seed?: boolean;
  logger?: boolean;
  /** The clock: seeded times are laid out back from it, and "scheduled" is judged by it. */
  now?: () => Date;
  /** The team's closed-beta gate for unmatched results (default on; env SANDBOX_UNMATCHED_RESULTS_ENABLED). */
  unmatchedResultsEnabled?: boolean;
  /** The team's opt-in to PSC appointment scheduling (default on); off answers 503. */
  pscSchedulingEnabled?: boolean;
  /** How long a parsing job waits before starting, then before ending (default 1 s and 2.5 s). */
  parsingDelays?: { startMs: number; finishMs: number };
  /** Samples per page of the grouped timeseries (default 10,000); tests make it small. */
  timeseriesPageSize?: number;
  /** Where webhooks go (more can be added after start: `app.webhooks.addEndpoint`). */
  webhookEndpoints?: readonly WebhookEndpoint[];
  /** Multiplies the retry schedule (default 1; env SANDBOX_WEBHOOK_RETRY_SCALE); tests make it tiny. */
  webhookRetryScale?: number;
  /** How long an endpoint has to answer (default 15 s). */
  webhookTimeoutMs?: number;
  /** Test switches: duplicate, reorder or drop deliveries (also `app.webhooks.setChaos`). */
  webhookChaos?: WebhookChaos;
}

/** Log lines carry the path only: query strings can hold patient names and dates of birth. */
const serializers = {
  req(request: { method: string; url: string; id: string }) {
    return { method: request.method, path: request.url.split('?')[0], id: request.id };
  },
};

/**
 * Builds the local Lab API without listening (`server.ts` listens; tests `inject`).
 * The store is opened, migrated and, when empty, seeded before the app exists.
 */
export async function buildSandboxApp(options: SandboxOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const db = await openSandboxDb(options.dbFile);
  try {
    if ((options.seed ?? true) && (await isEmpty(db))) await seed(db, now());
  } catch (error) {
    await db.destroy();
    throw error;
  }

  const app = Fastify({ logger: options.logger ? { serializers } : false });
  // One key, one team: the demo team (the real service maps each key to its team).
  const context: RouteContext = { db, teamId: DEMO_TEAM_ID, now };

  // Simulations left running by an earlier process carry on from where they stopped.
  const simulator = new Simulator(db, DEMO_TEAM_ID, now);
  await simulator.resume();
  app.addHook('onClose', () => simulator.close());

  const routes: string[] = [];
  app.decorate('labApiRoutes', routes);
  await app.register(dbPlugin, { db });
  const webhooks = new WebhookSender(db, {
    ...(options.webhookEndpoints ? { endpoints: options.webhookEndpoints } : {}),
    ...(options.webhookRetryScale !== undefined ? { retryScale: options.webhookRetryScale } : {}),
    ...(options.webhookTimeoutMs !== undefined ? { timeoutMs: options.webhookTimeoutMs } : {}),
    ...(options.webhookChaos ? { chaos: options.webhookChaos } : {}),
  });
  app.decorate('webhooks', webhooks);
  // Added after the store's hook, so it runs before it: onClose hooks run last-added first.
  app.addHook('onClose', () => webhooks.close());
  // Deliveries an earlier process left in the outbox go out now.
  webhooks.start();
  const labEvents: SandboxLabEvents = {
    async unmatchedResultArrives() {
      const arrived = await simulator.exclusive(() =>
        unmatchedResultArrives(db, DEMO_TEAM_ID, now()),
      );
      return { id: arrived.id };
    },
  };
  app.decorate('labEvents', labEvents);
  await app.register(errorsPlugin);
  // The management API has keys of its own: outside the team key's scope below.
  app.decorate(
    'management',
    await registerManagement(app, { db, sender: webhooks, teamId: DEMO_TEAM_ID, now }, options),
  );
  // Authentication wraps the Lab API routes only, so unknown paths answer 404 as FastAPI does.
  await app.register(async (api) => {
    api.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      // Fastify adds a HEAD beside each GET by itself.
      for (const method of methods) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    });
    await api.register(authPlugin, {
      apiKey: options.apiKey,
      keyHeader: options.keyHeader ?? DESCRIPTION_KEY_HEADER,
    });
    await api.register(ordersRoutes, context);
    await api.register(labTestsRoutes, context);
    await api.register(labAccountsRoutes, context);
    await api.register(orderingRoutes, context);
    await api.register(testkitRoutes, context);
    await api.register(usersRoutes, context);
    await api.register(unmatchedResultsRoutes, {
      ...context,
      enabled: () => options.unmatchedResultsEnabled ?? true,
    });
    await api.register(parsingJobsRoutes, {
      ...context,
      delays: options.parsingDelays ?? { startMs: 1000, finishMs: 2500 },
    });
    await api.register(timeseriesRoutes, {
      ...context,
      pageSize: options.timeseriesPageSize ?? DEFAULT_TIMESERIES_PAGE_SIZE,
    });
    await api.register(trackingRoutes, { ...context, simulator });
    await api.register(resendEventsRoutes, context);
    await api.register(phlebotomyRoutes, { ...context, simulator });
    await api.register(pscRoutes, {
      ...context,
      simulator,
      schedulingEnabled: () => options.pscSchedulingEnabled ?? true,
    });
    await api.register(orderActionsRoutes, { ...context, simulator });
    await api.register(labTestCatalogueRoutes, context);
    await api.register(orderDocumentsRoutes, context);
    await api.register(orderImportRoutes, context);
    await api.register(insuranceRoutes, context);
    await api.register(providersRoutes, context);
  });
  return app;
}
