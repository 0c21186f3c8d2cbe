import type { FastifyInstance } from 'fastify';
import { ordersPageSchema, parseOrderStatus, type Order } from '../../contract';
import { buildSandboxApp, type SandboxOptions } from '../app';

/* Builds the local Lab API for `inject`, as fastify/demo's test/helper does. */

export const TEST_KEY = 'sk_test_local_lab_api_key';
/** A fixed clock, so seeded times (and what is overdue or scheduled) are the same each run. */
export const NOW = new Date('2026-03-01T12:00:00.000Z');

export function buildTestApp(options: Partial<SandboxOptions> = {}): Promise<FastifyInstance> {
  return buildSandboxApp({ dbFile: ':memory:', apiKey: TEST_KEY, now: () => NOW, ...options });
}

export async function get(app: FastifyInstance, url: string) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { 'x-service-api-key': TEST_KEY },
  });
  return { status: response.statusCode, body: response.json<unknown>() };
}

/** Every order of the team, through the API, page by page (the sandbox's own view). */
export async function allOrders(app: FastifyInstance): Promise<Order[]> {
  const orders: Order[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await get(app, `/v3/orders?size=100&page=${page}`);
    if (status !== 200) throw new Error(`GET /v3/orders answered ${status}`);
    const parsed = ordersPageSchema.parse(body);
    orders.push(...parsed.orders);
    if (parsed.orders.length < 100) return orders;
  }
}

/** The ids of a list answer, in order. */
export function ids(body: unknown): string[] {
  return ordersPageSchema.parse(body).orders.map((o) => o.id);
}

/** The low-level status of an order's last event, as the `status` filter knows it. */
export function lowLevelOf(order: Order): string {
  const parsed = parseOrderStatus(order.last_event.status);
  return parsed.knownLowLevel ?? parsed.lowLevel;
}
