import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWebhookSecret } from './liveClient';
import { startStack, type Stack } from './stack';

/*
 * The local Lab API's sender and the BFF's receiver together, over loopback HTTP as
 * `npm start` wires them: deliveries signed, duplicated, shuffled or lost by the
 * sender's switches, and the console still ends in the Lab API's newest state.
 */

const secret = newWebhookSecret();
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ webhookSecret: secret, deliverWebhooks: { retryScale: 0.001 } });
});
afterAll(async () => {
  await stack.close();
});

const lab = (method: 'GET' | 'POST', url: string) =>
  stack.labApi.inject({ method, url, headers: { 'x-service-api-key': stack.apiKey } });

async function ordersIn(status: string, count: number): Promise<string[]> {
  const listed = await lab('GET', `/v3/orders?status=${status}&size=${count}`);
  const ids = listed.json<{ orders: { id: string }[] }>().orders.map((o) => o.id);
  expect(ids).toHaveLength(count);
  return ids;
}

async function labStatus(orderId: string): Promise<string> {
  const order = await lab('GET', `/v3/order/${orderId}`);
  return order.json<{ last_event: { status: string } }>().last_event.status;
}

async function knownStatus(orderId: string) {
  const row = await stack.store.db
    .selectFrom('record_state')
    .select('status')
    .where('kind', '=', 'order')
    .where('record_id', '=', orderId)
    .executeTakeFirst();
  return row?.status ?? null;
}

describe('the Lab API sender and the BFF receiver together', () => {
  it('duplicated and reordered deliveries end in the newest state, each message processed once', async () => {
    const [orderId] = await ordersIn('requisition_created&order_type=testkit', 1);
    if (!orderId) throw new Error('no order');
    stack.labApi.webhooks.setChaos({ duplicate: 2, reorder: true });
    // Held, then released as one batch so the sender can send it newest first.
    stack.labApi.webhooks.pause();
    const simulated = await lab('POST', `/v3/order/${orderId}/test`);
    expect(simulated.statusCode).toBe(200);
    stack.labApi.webhooks.resume();
    await stack.labApi.webhooks.settled();
    await stack.bff.liveOperations.processor.drain();
    stack.labApi.webhooks.setChaos({});

    expect(await knownStatus(orderId)).toBe(await labStatus(orderId));
    const deliveries = (await stack.labApi.webhooks.deliveries()).filter(
      (d) => d.eventType.startsWith('labtest.order.') && d.status !== 'dropped',
    );
    const inbox = await stack.store.db
      .selectFrom('webhook_inbox')
      .select(['svix_id', 'state'])
      .where('record_id', '=', orderId)
      .execute();
    // Each message once in the inbox, however many times it came.
    expect(new Set(inbox.map((r) => r.svix_id)).size).toBe(inbox.length);
    expect(inbox.length).toBeGreaterThan(1);
    expect(inbox.every((r) => r.state === 'processed')).toBe(true);
    expect(deliveries.length).toBeGreaterThan(0);
    // The sender's switch did send them more than once.
    expect(stack.logs.some((line) => line.includes('"duplicate":true'))).toBe(true);
  });

  it('recovers, through reconciliation, all 10 changes whose deliveries were lost', async () => {
    // The job's point is now, as on a console that has been running.
    await stack.bff.liveOperations.reconciler.runOnce();
    const ids = await ordersIn('ordered', 10);
    stack.labApi.webhooks.setChaos({ dropFirst: 10 });
    for (const id of ids)
      expect((await lab('POST', `/v3/order/${id}/cancel`)).statusCode).toBe(200);
    await stack.labApi.webhooks.settled();
    stack.labApi.webhooks.setChaos({});

    const dropped = (await stack.labApi.webhooks.deliveries()).filter(
      (d) => d.status === 'dropped',
    );
    expect(dropped).toHaveLength(10);
    await stack.bff.liveOperations.processor.drain();
    for (const id of ids) expect((await knownStatus(id)) ?? 'unknown').not.toMatch(/cancelled$/);

    const outcome = await stack.bff.liveOperations.reconciler.runOnce();
    expect(outcome.ran).toBe(true);
    for (const id of ids) expect(await knownStatus(id)).toBe(await labStatus(id));
    const announced = await stack.store.db
      .selectFrom('live_event')
      .select('record_id')
      .where('kind', '=', 'order')
      .where('record_id', 'in', ids)
      .where('status', 'like', '%cancelled')
      .execute();
    expect(announced.map((e) => e.record_id).sort()).toEqual([...ids].sort());
  });
});
