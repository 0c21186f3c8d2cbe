import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { orderEventSchema, resultVersion } from '../../contract';
import { appendAudit } from '../platform/audit/audit';
import type { Database } from '../platform/database/schema';
import type { LabApiClient } from '../platform/labApi/upstream';

/** Only what escalation needs of an order: its team, its physician's NPI, its result version. */
const orderFactsSchema = z.looseObject({
  team_id: z.string(),
  physician: z.looseObject({ npi: z.string().nullish() }).nullish(),
  events: z.array(orderEventSchema),
  last_event: orderEventSchema,
});

export interface OrderFacts {
  teamId: string;
  physicianNpi: string | null;
  resultVersion: string | null;
}

/**
 * Reads an order for the escalation job. The answer holds patient details, so the
 * read is audited as the console's own, on nobody's behalf (as reconciliation's are);
 * only the team, the NPI and the version are kept.
 */
export async function readOrderFacts(
  db: Kysely<Database>,
  client: LabApiClient,
  orderId: string,
): Promise<OrderFacts | { missing: true }> {
  const answer = await client.send({
    method: 'GET',
    pathAndQuery: `/v3/order/${encodeURIComponent(orderId)}`,
    headers: { accept: 'application/json' },
  });
  await appendAudit(db, {
    at: Date.now(),
    account_id: null,
    account_email: null,
    role: null,
    action: 'GET /v3/order/{order_id} (critical-result escalation)',
    record_type: 'order',
    record_id: orderId,
    outcome: answer.status,
    request_id: `escalation-${randomUUID()}`,
  });
  if (answer.status === 404) return { missing: true };
  if (answer.status !== 200) throw new Error(`the Lab API answered ${answer.status} to the order`);
  const order = orderFactsSchema.parse(JSON.parse(answer.body.toString('utf8')));
  return {
    teamId: order.team_id,
    physicianNpi: order.physician?.npi ?? null,
    resultVersion: resultVersion(order)?.version ?? null,
  };
}
