import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAUTHORIZED_DETAIL } from '../contract';
import { TEST_KEY, buildTestApp } from './test/helper';

const ENDPOINTS = [
  '/v3/orders',
  '/orders',
  '/v3/order/00000000-0000-4000-8000-000000000000',
  '/v3/lab_tests',
  '/v3/lab_tests/markers',
  '/v3/lab_test/lab_account',
];

describe('team key', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it.each(ENDPOINTS)('%s without a key answers 401 JSON', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: UNAUTHORIZED_DETAIL });
  });

  it.each([
    ['a wrong key', 'sk_test_wrong'],
    ['the key with one character more', `${TEST_KEY}x`],
    ['the key with one character less', TEST_KEY.slice(0, -1)],
    ['an empty key', ''],
  ])('%s answers 401', async (_name, key) => {
    const response = await app.inject({ url: '/v3/orders', headers: { 'x-service-api-key': key } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: UNAUTHORIZED_DETAIL });
  });

  it('the right key answers 200', async () => {
    const response = await app.inject({
      url: '/v3/orders',
      headers: { 'x-service-api-key': TEST_KEY },
    });
    expect(response.statusCode).toBe(200);
  });

  it('a key in the query string is not a key', async () => {
    const response = await app.inject({ url: `/v3/orders?x-service-api-key=${TEST_KEY}` });
    expect(response.statusCode).toBe(401);
  });

  it('an unknown path answers 404 "Not Found", as FastAPI does before authentication', async () => {
    for (const headers of [{}, { 'x-service-api-key': TEST_KEY }]) {
      const response = await app.inject({ url: '/v3/nothing-here', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not Found' });
    }
  });
});

describe('a configured key header', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ keyHeader: 'X-Vital-API-Key' });
  });
  afterAll(() => app.close());

  it('is the only header accepted', async () => {
    const real = await app.inject({
      url: '/v3/lab_tests',
      headers: { 'x-vital-api-key': TEST_KEY },
    });
    expect(real.statusCode).toBe(200);
    const described = await app.inject({
      url: '/v3/lab_tests',
      headers: { 'x-service-api-key': TEST_KEY },
    });
    expect(described.statusCode).toBe(401);
  });
});
