import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxDb } from '../store/database';
import { uuidFrom } from '../seed/random';
import type { SandboxWebhooks } from '../webhooks/sender';
import { digest } from './keys';
import { managementRoutes } from './routes';
import { WebhookEndpoints } from './webhookEndpoints';

/** The local organisation: one, holding the demo team. */
export const DEMO_ORG_ID = uuidFrom('org:demo');

export type ManagementPlan = 'enterprise' | 'none';

export interface SandboxManagementOptions {
  /** The Org management key the host hands its console (unset: a random one nobody knows). */
  managementKey?: string;
  /** `none` is a plan without the management features (env SANDBOX_MANAGEMENT_PLAN). */
  managementPlan?: ManagementPlan;
}

/** What the app exposes about its organisation (`app.management`). */
export interface SandboxManagement {
  orgId: string;
  /** The endpoint the host's console receives webhooks on, visible and rotatable like any other. */
  registerHostEndpoint(endpoint: { url: string; secret: string }): Promise<void>;
  setPlan(plan: ManagementPlan): void;
}

export async function registerManagement(
  app: FastifyInstance,
  deps: { db: SandboxDb; sender: SandboxWebhooks; teamId: string; now: () => Date },
  options: SandboxManagementOptions,
): Promise<SandboxManagement> {
  const endpoints = new WebhookEndpoints(deps.db, deps.sender);
  await endpoints.load(deps.now().getTime());
  let plan: ManagementPlan = options.managementPlan ?? 'enterprise';
  const hostKeyDigest = digest(
    options.managementKey ?? `mg_${randomBytes(24).toString('base64url')}`,
  );
  await app.register((scope, _options, done) => {
    managementRoutes(scope, {
      db: deps.db,
      orgId: DEMO_ORG_ID,
      endpoints,
      hostKeyDigest,
      plan: () => plan,
      now: deps.now,
    });
    done();
  });
  return {
    orgId: DEMO_ORG_ID,
    registerHostEndpoint: (endpoint) =>
      endpoints.registerHostEndpoint(deps.teamId, endpoint, deps.now()),
    setPlan(next) {
      plan = next;
    },
  };
}
