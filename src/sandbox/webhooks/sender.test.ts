import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS } from '../../contract/webhooks';
import { orderSchema, orderStatus, type Order } from '../../contract';
import { buildSandboxApp, type SandboxOptions } from '../app';
import { NOW, TEST_KEY, allOrders, buildTestApp, lowLevelOf } from '../test/helper';
import { post } from '../test/ordering';
import {
  TEST_WEBHOOK_SECRET,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../test/webhookReceiver';
import { retryDelayMs } from './sender';

/*
 * Delivery as Svix does it (docs/lab-api-facts.md §12): at least once, retried on the provider's schedule
 * (scaled down here), the same svix-id on every attempt, an outbox that outlives a
 * restart; and the switches that make the real service's disorder happen on demand.
 */

const headers = { 'x-service-api-key': TEST_KEY };
/** The whole schedule (about 27 h) in well under a second. */
const FAST = 0.000_005;

let receiver: WebhookReceiver;
const apps: FastifyInstance[] = [];

async function labApi(options: Partial<SandboxOptions> = {}) {
  const app = await buildTestApp({
    webhookEndpoints: [{ url: receiver.url, secret: TEST_WEBHOOK_SECRET }],
    webhookRetryScale: FAST,
    ...options,
  });
  apps.push(app);
  return app;
}

/** Walks a seeded walk-in order one step on (one status change = one labtest.order.updated). */
async function step(app: FastifyInstance, order: Order) {
  const next = orderStatus('walk_in_test', 'appointment_pending');
  const answer = await app.inject({
    method: 'POST',
    url: `/v3/order/${order.id}/test?final_status=${next}&delay=0`,
    headers,
    payload: {},
  });
  expect(answer.statusCode).toBe(200);
}

async function freshOrders(app: FastifyInstance, count: number): Promise<Order[]> {
  const found = (await allOrders(app)).filter(
    (o) => o.lab_test.method === 'walk_in_test' && lowLevelOf(o) === 'requisition_created',
  );
  expect(found.length).toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  receiver.received.length = 0;
  receiver.answer = () => 204;
});
afterAll(() => receiver.close());

describe('the retry schedule', () => {
  it('is the provider’s, scaled, and ends after the last retry', () => {
    expect(WEBHOOK_RETRY_SCHEDULE_SECONDS.map((_, i) => retryDelayMs(i + 1, 1))).toEqual(
      WEBHOOK_RETRY_SCHEDULE_SECONDS.map((s) => s * 1000),
    );
    expect(retryDelayMs(2, 0.001)).toBe(5);
    expect(retryDelayMs(WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1, 1)).toBeNull();
  });
});

describe('delivering webhooks', () => {
  it('retries a failing endpoint with the same svix-id, signed afresh, until it answers 2xx', async () => {
    receiver.answer = (_delivery, attempt) => (attempt <= 3 ? 500 : 200);
    const app = await labApi();
    const [order] = await freshOrders(app, 1);
    if (!order) throw new Error('no order');
    await step(app, order);
    await app.webhooks.settled();

    expect(receiver.received.map((d) => d.status)).toEqual([500, 500, 500, 200]);
    expect(receiver.received.every((d) => d.verified)).toBe(true);
    expect(new Set(receiver.received.map((d) => d.svixId)).size).toBe(1);
    expect(await app.webhooks.deliveries()).toMatchObject([
      { status: 'succeeded', attempts: 4, lastResponseStatus: 200 },
    ]);
  });

  it('gives up after the last retry of the schedule; a redirect counts as a failure', async () => {
    receiver.answer = () => 302;
    const app = await labApi();
    const [order] = await freshOrders(app, 1);
    if (!order) throw new Error('no order');
    await step(app, order);
    await app.webhooks.settled();

    // The first attempt, then one per entry of the schedule.
    expect(receiver.received).toHaveLength(1 + WEBHOOK_RETRY_SCHEDULE_SECONDS.length);
    expect(new Set(receiver.received.map((d) => d.svixId)).size).toBe(1);
    expect(await app.webhooks.deliveries()).toMatchObject([
      { status: 'failed', attempts: 1 + WEBHOOK_RETRY_SCHEDULE_SECONDS.length },
    ]);
  });

  it('counts an endpoint that does not answer in time as a failure', async () => {
    const hanging = await startHangingEndpoint();
    try {
      const app = await labApi({
        webhookEndpoints: [{ url: hanging.url, secret: TEST_WEBHOOK_SECRET }],
        webhookTimeoutMs: 50,
      });
      const [order] = await freshOrders(app, 1);
      if (!order) throw new Error('no order');
      await step(app, order);
      await app.webhooks.settled();
      expect(await app.webhooks.deliveries()).toMatchObject([
        {
          status: 'failed',
          attempts: 1 + WEBHOOK_RETRY_SCHEDULE_SECONDS.length,
          lastResponseStatus: null,
        },
      ]);
    } finally {
      await hanging.close();
    }
  });

  it('keeps the outbox across a restart: what was not delivered goes out after it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'webhook-outbox-'));
    try {
      const options: SandboxOptions = {
        dbFile: path.join(dir, 'sandbox.sqlite'),
        apiKey: TEST_KEY,
        now: () => NOW,
        webhookEndpoints: [{ url: receiver.url, secret: TEST_WEBHOOK_SECRET }],
        // After the first failure and its immediate retry, the next is 1 s away (5 s × 0.2):
        // the app is closed before then.
        webhookRetryScale: 0.2,
      };
      receiver.answer = () => 503;
      const first = await buildSandboxApp(options);
      const [a, b] = await freshOrders(first, 2);
      if (!a || !b) throw new Error('no orders');
      await step(first, a);
      await first.webhooks.idle();
      // A second change is written while sending is held: never attempted before the restart.
      first.webhooks.pause();
      await step(first, b);
      const before = await first.webhooks.deliveries();
      expect(before.map((d) => [d.status, d.attempts])).toEqual([
        ['pending', 2],
        ['pending', 0],
      ]);
      await first.close();

      receiver.answer = () => 204;
      const second = await buildSandboxApp({ ...options, webhookRetryScale: FAST });
      apps.push(second);
      await second.webhooks.settled();
      const after = await second.webhooks.deliveries();
      expect(after.map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
      // The same messages, under the same svix-ids, the earlier attempts counted.
      expect(after.map((d) => d.messageId)).toEqual(before.map((d) => d.messageId));
      expect(after.map((d) => d.attempts)).toEqual([3, 1]);
      expect(receiver.messages().map((d) => d.svixId)).toEqual(before.map((d) => d.messageId));
      const orderIds = receiver.messages().map((d) => orderSchema.parse(d.envelope.data).id);
      expect(orderIds).toEqual([a.id, b.id]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('forgets finished messages after 90 days at start, never a pending one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'webhook-prune-'));
    try {
      const options: SandboxOptions = {
        dbFile: path.join(dir, 'sandbox.sqlite'),
        apiKey: TEST_KEY,
        now: () => NOW,
        webhookEndpoints: [{ url: receiver.url, secret: TEST_WEBHOOK_SECRET }],
        webhookRetryScale: FAST,
      };
      const first = await buildSandboxApp(options);
      const [a, b] = await freshOrders(first, 2);
      if (!a || !b) throw new Error('no orders');
      await step(first, a);
      await first.webhooks.idle();
      first.webhooks.pause();
      await step(first, b);
      const [delivered, held] = await first.webhooks.deliveries();
      await first.close();

      // Both messages become 91 days old; only the delivered one may go.
      const file = new SQLite(options.dbFile);
      file
        .prepare('UPDATE webhook_message SET created_at = ?')
        .run(new Date(Date.now() - 91 * 86_400_000).toISOString());
      file.close();

      const second = await buildSandboxApp(options);
      apps.push(second);
      await second.webhooks.settled();
      const left = await second.webhooks.deliveries();
      expect(left.map((d) => [d.messageId, d.status])).toEqual([[held?.messageId, 'succeeded']]);
      expect(left.map((d) => d.messageId)).not.toContain(delivered?.messageId);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends to an endpoint added after start what is written from then on', async () => {
    const app = await labApi({ webhookEndpoints: [] });
    const [early, late] = await freshOrders(app, 2);
    if (!early || !late) throw new Error('no orders');
    await step(app, early);
    await app.webhooks.idle();
    app.webhooks.addEndpoint({ url: receiver.url, secret: TEST_WEBHOOK_SECRET });
    await step(app, late);
    await app.webhooks.idle();
    expect(receiver.messages().map((d) => orderSchema.parse(d.envelope.data).id)).toEqual([
      late.id,
    ]);
  });
});

describe('the test switches', () => {
  it('duplicate: each message arrives again under the same svix-id', async () => {
    const app = await labApi({ webhookChaos: { duplicate: 2 } });
    const orders = await freshOrders(app, 2);
    for (const order of orders) await step(app, order);
    await app.webhooks.idle();
    const ids = receiver.received.map((d) => d.svixId);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(2);
    expect(receiver.received.every((d) => d.verified)).toBe(true);
  });

  it('reorder: a batch of due deliveries goes out newest first', async () => {
    const app = await labApi({ webhookChaos: { reorder: true } });
    app.webhooks.pause();
    const orders = await freshOrders(app, 3);
    for (const order of orders) await step(app, order);
    const written = (await app.webhooks.deliveries()).map((d) => d.messageId);
    app.webhooks.resume();
    await app.webhooks.idle();
    expect(receiver.messages().map((d) => d.svixId)).toEqual([...written].reverse());
  });

  it('dropFirst: the first deliveries are lost, never sent nor retried', async () => {
    const app = await labApi({ webhookChaos: { dropFirst: 2 } });
    const orders = await freshOrders(app, 3);
    for (const order of orders) await step(app, order);
    await app.webhooks.settled();
    const deliveries = await app.webhooks.deliveries();
    expect(deliveries.map((d) => d.status)).toEqual(['dropped', 'dropped', 'succeeded']);
    expect(receiver.received.map((d) => d.svixId)).toEqual([deliveries[2]?.messageId]);
  });
});

describe('POST /v3/order/resend_events', () => {
  it('sends the chosen orders’ current state again, as new messages', async () => {
    const app = await labApi();
    const [order] = await freshOrders(app, 1);
    if (!order) throw new Error('no order');
    await step(app, order);
    await app.webhooks.idle();
    const first = receiver.messages();
    expect(first).toHaveLength(1);

    const answer = await post(app, '/v3/order/resend_events', { order_ids: [order.id] });
    expect(answer).toMatchObject({ status: 200, body: { order_ids: [order.id] } });
    await app.webhooks.idle();
    const again = receiver.messages().slice(1);
    expect(again).toHaveLength(1);
    expect(again[0]?.svixId).not.toBe(first[0]?.svixId);
    expect(again[0]?.envelope).toMatchObject({
      event_type: 'labtest.order.updated',
      data: first[0]?.envelope.data,
    });
  });

  it('chooses by updated_at within start_at..end_at, and nothing without a choice', async () => {
    const app = await labApi();
    const orders = await allOrders(app);
    const newest = [...orders].sort((x, y) => y.updated_at.localeCompare(x.updated_at))[0];
    if (!newest) throw new Error('no orders');
    const inWindow = orders.filter((o) => o.updated_at === newest.updated_at).map((o) => o.id);

    const answer = await post(app, '/v3/order/resend_events', {
      start_at: newest.updated_at,
      end_at: newest.updated_at,
    });
    expect(answer.status).toBe(200);
    expect([...(answer.body as { order_ids: string[] }).order_ids].sort()).toEqual(
      [...inWindow].sort(),
    );
    await app.webhooks.idle();
    expect(receiver.messages()).toHaveLength(inWindow.length);

    expect(await post(app, '/v3/order/resend_events', {})).toMatchObject({
      status: 200,
      body: { order_ids: [] },
    });
    expect((await post(app, '/v3/order/resend_events', { order_ids: ['nope'] })).status).toBe(422);
  });
});

/** An endpoint that takes the request and never answers. */
async function startHangingEndpoint() {
  const { createServer } = await import('node:http');
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${String(port)}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
