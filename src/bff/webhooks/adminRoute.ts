import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WEBHOOK_INBOX_PATH, WEBHOOK_INBOX_STATES, type WebhookInbox } from '../../contract';
import { sendProblem } from '../platform/http/problem';
import type { Store } from '../platform/database/database';
import { inboxOverview } from './inbox';
import type { Reconciler } from './reconciler';

const querySchema = z.object({
  state: z.enum(WEBHOOK_INBOX_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * `GET /api/webhooks/inbox`: for admins, how the inbox is doing — counts per state,
 * the newest deliveries with their attempts and last error, and the reconciliation
 * job's last processed point. Ids and event types only: no patient data.
 */
export function webhookAdminRoutes(
  fastify: FastifyInstance,
  opts: { store: Store; reconciler: Reconciler },
) {
  fastify.get(
    WEBHOOK_INBOX_PATH,
    { config: { access: 'administration', audit: { recordType: 'webhook_inbox' } } },
    async (request, reply) => {
      const query = querySchema.safeParse(request.query);
      if (!query.success) return sendProblem(reply, 400, 'Bad request', 'Unknown state or limit.');
      const overview = await inboxOverview(opts.store.db, {
        limit: query.data.limit,
        ...(query.data.state ? { state: query.data.state } : {}),
      });
      const body: WebhookInbox = {
        ...overview,
        reconciledThrough: await opts.reconciler.reconciledThrough(),
      };
      return body;
    },
  );
}
