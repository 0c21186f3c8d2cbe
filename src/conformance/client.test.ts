import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConformanceClient, matchOperation } from './client';
import { DocumentValidator, documentOperations, labApiDocument } from './document';
import { InstanceBuilder } from './instances';
import { servedRoutes } from './served';

/*
 * The suite's own checks can fail: a stand-in Lab API that answers what the document
 * does not allow must be caught, each fault named.
 */

const ORDER_ID = '5b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10';
const validator = new DocumentValidator();
const operations = documentOperations(labApiDocument);
const order = new InstanceBuilder(labApiDocument).instances(
  { $ref: '#/components/schemas/ClientFacingOrder' },
  'required',
)[0] as Record<string, unknown>;

let app: FastifyInstance;
let client: ConformanceClient;

beforeAll(async () => {
  app = Fastify();
  app.decorate('labApiRoutes', ['GET /v3/order/:order_id', 'GET /v3/order/:order_id/notes']);
  // Answers the document does not allow, one fault each.
  app.get('/v3/order/:order_id', () => ({
    ...Object.fromEntries(Object.entries(order).filter(([key]) => key !== 'has_abn')),
    parent_id: ORDER_ID,
  }));
  app.post('/v3/order/:order_id/cancel', (_request, reply) => reply.code(201).send({}));
  app.get('/v3/lab_tests', (_request, reply) => reply.code(404).send({ error: 'gone' }));
  app.post('/v3/order', () => ({ order, status: 'success', message: 'ok' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  client = new ConformanceClient(
    `http://127.0.0.1:${String(port)}`,
    { header: 'x-service-api-key', value: 'k' },
    validator,
  );
});

afterAll(() => app.close());

describe('the conformance client', () => {
  it('finds a missing required member and a member the document lacks', async () => {
    const from = client.exchanges.length;
    await client.call('GET', `/v3/order/${ORDER_ID}`, { expect: 200 });
    const problems = client.problemsSince(from).join('\n');
    expect(problems).toMatch(/must have required property 'has_abn'/);
    expect(problems).toMatch(/must NOT have additional properties 'parent_id'/);
  });

  it('finds a status the document does not declare, and an undeclared error shape', async () => {
    const from = client.exchanges.length;
    await client.call('POST', `/v3/order/${ORDER_ID}/cancel`, { expect: 201 });
    await client.call('GET', '/v3/lab_tests', { expect: 404 });
    expect(client.problemsSince(from)).toEqual([
      'POST /v3/order/{order_id}/cancel → 201: response: POST /v3/order/{order_id}/cancel declares no 201',
      'GET /v3/lab_tests → 404: response: the 404 body is neither {detail} nor {error, message, status_code}',
    ]);
  });

  it('holds requests to the document: query names and body members', async () => {
    const from = client.exchanges.length;
    await client.call('GET', `/v3/order/${ORDER_ID}?expand=events`, { expect: 200 });
    await client.call('POST', '/v3/order', { json: { user_id: ORDER_ID, extra: 1 }, expect: 200 });
    const problems = client.problemsSince(from).join('\n');
    expect(problems).toMatch(/has no query parameter 'expand'/);
    expect(problems).toMatch(
      /request body: \(root\) must have required property 'patient_details'/,
    );
    expect(problems).toMatch(/request body: \(root\) must NOT have additional properties 'extra'/);
  });

  it('throws when an answer is not the one the case expects', async () => {
    await expect(client.call('GET', '/v3/lab_tests', { expect: 200 })).rejects.toThrow(
      /answered 404, expected 200/,
    );
  });
});

describe('matching paths to the document', () => {
  it('prefers literal segments over parameters', () => {
    expect(matchOperation(operations, 'GET', '/v2/user/metrics')?.key).toBe('GET /v2/user/metrics');
    expect(matchOperation(operations, 'GET', `/v2/user/${ORDER_ID}`)?.key).toBe(
      'GET /v2/user/{user_id}',
    );
    expect(matchOperation(operations, 'GET', '/v3/unknown')).toBeUndefined();
  });

  it('names a route of the local Lab API that no document operation answers', () => {
    expect(servedRoutes(app, operations)).toEqual(['GET /v3/order/:order_id/notes']);
  });
});
