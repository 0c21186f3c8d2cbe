import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersPageSchema, validationErrorSchema, type Order } from '../contract';
import { allOrders, buildTestApp, get, ids } from './test/helper';

let app: FastifyInstance;
let everything: Order[];

beforeAll(async () => {
  app = await buildTestApp();
  everything = await allOrders(app);
});
afterAll(() => app.close());

describe('GET /v3/orders paging', () => {
  it('defaults to page 1 of 50, newest first, with the total', async () => {
    const { status, body } = await get(app, '/v3/orders');
    expect(status).toBe(200);
    const page = ordersPageSchema.parse(body);
    expect(page.page).toBe(1);
    expect(page.size).toBe(50);
    expect(page.total).toBe(everything.length);
    expect(page.orders).toHaveLength(50);
    const created = page.orders.map((o) => o.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('pages are disjoint, stable, and together hold every order once', async () => {
    const seen: string[] = [];
    const size = 37;
    for (let page = 1; page <= Math.ceil(everything.length / size); page++) {
      const { body } = await get(app, `/v3/orders?size=${size}&page=${page}`);
      seen.push(...ids(body));
    }
    expect(seen).toHaveLength(everything.length);
    expect(new Set(seen).size).toBe(everything.length);
    expect(seen).toEqual(everything.map((o) => o.id));
  });

  it('the last page is partial and a page past the end is empty but keeps the total', async () => {
    const lastPage = Math.ceil(everything.length / 50);
    const last = ordersPageSchema.parse((await get(app, `/v3/orders?page=${lastPage}`)).body);
    expect(last.orders.length).toBe(everything.length - (lastPage - 1) * 50);
    const past = ordersPageSchema.parse((await get(app, `/v3/orders?page=${lastPage + 1}`)).body);
    expect(past.orders).toEqual([]);
    expect(past.total).toBe(everything.length);
  });

  it("GET /orders, the description's alias, answers the same", async () => {
    const query = '?size=20&page=2&order_type=testkit&order_direction=asc';
    const v3 = await get(app, `/v3/orders${query}`);
    const alias = await get(app, `/orders${query}`);
    expect(alias.status).toBe(200);
    expect(alias.body).toEqual(v3.body);
  });
});

describe('GET /v3/orders sorting', () => {
  it('created_at ascending is the reverse of the default', async () => {
    const { body } = await get(app, '/v3/orders?size=100&order_key=created_at&order_direction=asc');
    const created = ordersPageSchema.parse(body).orders.map((o) => o.created_at);
    expect(created).toEqual([...created].sort());
    expect(created[0]).toBe(everything.at(-1)?.created_at);
  });

  it('by patient name (last, then first), both ways', async () => {
    const key = (o: Order) =>
      o.patient_details
        ? `${o.patient_details.last_name}\u0000${o.patient_details.first_name}`
        : '';
    const asc = ordersPageSchema
      .parse(
        (await get(app, '/v3/orders?size=100&order_key=patient_name&order_direction=asc')).body,
      )
      .orders.map(key);
    expect(asc).toEqual([...asc].sort());
    const desc = ordersPageSchema
      .parse(
        (await get(app, '/v3/orders?size=100&order_key=patient_name&order_direction=desc')).body,
      )
      .orders.map(key);
    expect(desc).toEqual([...desc].sort().reverse());
    expect(new Set(desc).size).toBeGreaterThan(5);
  });

  it('by last status', async () => {
    const { body } = await get(
      app,
      '/v3/orders?size=100&order_key=last_status&order_direction=asc',
    );
    const statuses = ordersPageSchema.parse(body).orders.map((o) => o.last_event.status);
    expect(statuses).toEqual([...statuses].sort());
    expect(new Set(statuses).size).toBeGreaterThan(5);
  });
});

describe('GET /v3/orders validation (422 in the real pydantic shape)', () => {
  it.each([
    ['size=0', ['query', 'size'], 'greater_than_equal'],
    ['size=101', ['query', 'size'], 'less_than_equal'],
    ['size=ten', ['query', 'size'], 'int_parsing'],
    ['page=0', ['query', 'page'], 'greater_than_equal'],
    ['status=shipped', ['query', 'status', 0], 'enum'],
    ['status=ordered&status=nope', ['query', 'status', 1], 'enum'],
    ['order_type=drone', ['query', 'order_type', 0], 'enum'],
    ['order_key=price', ['query', 'order_key'], 'enum'],
    ['order_direction=up', ['query', 'order_direction'], 'enum'],
    ['interpretation=bad', ['query', 'interpretation'], 'enum'],
    ['is_critical=maybe', ['query', 'is_critical'], 'bool_parsing'],
    ['user_id=42', ['query', 'user_id'], 'uuid_parsing'],
    ['start_date=yesterday', ['query', 'start_date'], 'datetime_from_date_parsing'],
  ])('%s', async (query, loc, type) => {
    const { status, body } = await get(app, `/v3/orders?${query}`);
    expect(status).toBe(422);
    const error = validationErrorSchema.parse(body);
    expect(Array.isArray(error.detail)).toBe(true);
    expect(error.detail).toEqual([expect.objectContaining({ loc, type })]);
    const [issue] = Array.isArray(error.detail) ? error.detail : [];
    expect(issue?.msg).toMatch(/^(Input|String|Value)/);
  });

  it('reports every bad parameter at once', async () => {
    const { status, body } = await get(app, '/v3/orders?size=0&page=0');
    expect(status).toBe(422);
    const error = validationErrorSchema.parse(body);
    const locs = Array.isArray(error.detail) ? error.detail.map((d) => d.loc.join('.')) : [];
    expect(locs.sort()).toEqual(['query.page', 'query.size']);
  });

  it('ignores parameters it does not know, as FastAPI does', async () => {
    const { status } = await get(app, '/v3/orders?colour=blue');
    expect(status).toBe(200);
  });
});
