import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  answer,
  drip,
  inTurn,
  startHostileUpstream,
  type HostileUpstream,
} from './hostileUpstream';
import { startStack, type Stack } from './stack';

/*
 * The BFF in front of a Lab API that lies about types, drips its answers and says
 * "busy": whatever it does, the browser gets an answer of the BFF's own making.
 */

let hostile: HostileUpstream;
let stack: Stack;
let clinician: string;
let coordinator: string;

const ORDER = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const RESULT_PDF = `GET /v3/order/${ORDER}/result/pdf`;
const ORDERS = 'GET /v3/orders';
const CANCEL = `POST /v3/order/${ORDER}/cancel`;
const json = { 'content-type': 'application/json' };
const PDF_BYTES =
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';

beforeAll(async () => {
  hostile = await startHostileUpstream();
  stack = await startStack({
    // Retry-After waits above 200 ms are not waited (the cap); the deadline is far off.
    upstream: { baseUrl: hostile.url, deadlineMs: 60_000, retryMaxWaitMs: 200 },
  });
  [clinician, coordinator] = await Promise.all([
    stack.signIn('clinician'),
    stack.signIn('coordinator'),
  ]);
});
afterAll(async () => {
  await stack.close();
  await hostile.close();
});
beforeEach(() => hostile.reset());

const get = (cookie: string, route: string) => stack.request(cookie, 'GET', `/api/lab${route}`);

describe('document answers', () => {
  it('refuses an HTML page served inline on the result PDF route with 502', async () => {
    hostile.on(RESULT_PDF, (_req, res) =>
      answer(
        res,
        200,
        { 'content-type': 'text/html', 'content-disposition': 'inline' },
        '<html><script>alert(document.cookie)</script></html>',
      ),
    );
    const response = await get(clinician, RESULT_PDF.slice(4));
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.body).not.toContain('<script>');
  });

  it('refuses HTML that claims to be a PDF', async () => {
    hostile.on(RESULT_PDF, (_req, res) =>
      answer(res, 200, { 'content-type': 'application/pdf' }, '<html><body>hi</body></html>'),
    );
    const response = await get(clinician, RESULT_PDF.slice(4));
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('re-serves a real PDF as an application/pdf attachment whatever the Lab API says', async () => {
    hostile.on(RESULT_PDF, (_req, res) =>
      answer(
        res,
        200,
        { 'content-type': 'text/html', 'content-disposition': 'inline; filename="x.html"' },
        PDF_BYTES,
      ),
    );
    const response = await get(clinician, RESULT_PDF.slice(4));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="[\w.-]+\.pdf"$/,
    );
    expect(response.headers['content-disposition']).not.toContain('x.html');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(PDF_BYTES);
  });
});

describe('JSON answers', () => {
  it('turns an HTML answer to a JSON call into a 502 problem', async () => {
    hostile.on(ORDERS, (_req, res) =>
      answer(res, 200, { 'content-type': 'text/html' }, '<html>proxy login</html>'),
    );
    const response = await get(clinician, '/v3/orders');
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).not.toContain('proxy login');
  });

  it('turns a plain-text error page into a 502 problem', async () => {
    hostile.on(ORDERS, (_req, res) =>
      answer(res, 500, { 'content-type': 'text/plain' }, 'upstream stack trace here'),
    );
    const response = await get(clinician, '/v3/orders');
    expect(response.statusCode).toBe(502);
    expect(response.body).not.toContain('stack trace');
  });

  it('passes JSON and JSON problems through', async () => {
    hostile.on(ORDERS, (_req, res) => answer(res, 200, json, '{"orders":[]}'));
    const ok = await get(clinician, '/v3/orders');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('application/json');
    expect(ok.json()).toEqual({ orders: [] });

    hostile.on(ORDERS, (_req, res) =>
      answer(res, 422, { 'content-type': 'application/problem+json' }, '{"detail":"no"}'),
    );
    const refused = await get(clinician, '/v3/orders');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ detail: 'no' });
  });
});

describe('a total deadline per call', () => {
  // A BFF of its own with a short deadline; every single read stays well within 5 s.
  let impatient: Stack;
  let reader: string;
  beforeAll(async () => {
    impatient = await startStack({
      upstream: { baseUrl: hostile.url, timeoutMs: 5000, deadlineMs: 1000 },
    });
    reader = await impatient.signIn('clinician');
  });
  afterAll(() => impatient.close());

  it('answers 504 when the Lab API drips its answer past the deadline', async () => {
    // 60 bytes, one every 60 ms: no single read is slow, the whole answer takes 3.6 s.
    hostile.on(ORDERS, drip(`{"orders":[],"padding":"${'x'.repeat(40)}"}`, 60));
    const response = await impatient.request(reader, 'GET', '/api/lab/v3/orders');
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({ status: 504, title: 'Lab API timed out' });
  }, 15_000);

  it('answers 504 when a document drips past the deadline', async () => {
    hostile.on(RESULT_PDF, drip(PDF_BYTES, 60));
    const response = await impatient.request(reader, 'GET', `/api/lab${RESULT_PDF.slice(4)}`);
    expect(response.statusCode).toBe(504);
  }, 15_000);
});

describe('retries', () => {
  const busy = (status: number, retryAfter: string) =>
    ((_req, res) =>
      answer(
        res,
        status,
        { ...json, 'retry-after': retryAfter },
        '{"detail":"busy"}',
      )) as Parameters<HostileUpstream['on']>[1];

  it('retries a GET answered 503, then serves the answer that came', async () => {
    hostile.on(
      ORDERS,
      inTurn(busy(503, '0'), (_req, res) => answer(res, 200, json, '{"orders":[]}')),
    );
    const response = await get(clinician, '/v3/orders');
    expect(response.statusCode).toBe(200);
    expect(hostile.calls(ORDERS)).toBe(2);
  });

  it('retries a GET answered 429 twice at most, then answers 429 with Retry-After', async () => {
    hostile.on(ORDERS, busy(429, '0'));
    const response = await get(clinician, '/v3/orders');
    expect(hostile.calls(ORDERS)).toBe(3);
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('honours a Retry-After given as an HTTP date', async () => {
    hostile.on(
      ORDERS,
      inTurn(busy(503, new Date(Date.now() - 1000).toUTCString()), (_req, res) =>
        answer(res, 200, json, '{"orders":[]}'),
      ),
    );
    const response = await get(clinician, '/v3/orders');
    expect(response.statusCode).toBe(200);
    expect(hostile.calls(ORDERS)).toBe(2);
  });

  it('does not wait longer than its cap: a long Retry-After goes to the browser', async () => {
    hostile.on(ORDERS, busy(503, '120'));
    const response = await get(clinician, '/v3/orders');
    expect(hostile.calls(ORDERS)).toBe(1);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('120');
  });

  it('never retries a POST', async () => {
    hostile.on(CANCEL, busy(503, '0'));
    const response = await stack.request(coordinator, 'POST', `/api/lab${CANCEL.slice(5)}`);
    expect(hostile.calls(CANCEL)).toBe(1);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
