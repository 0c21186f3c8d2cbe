import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE, PARSING_JOBS_PATH } from '../contract';
import { listAudit } from '../bff/platform/audit/audit';
import { PASSWORD, accountEmail, startStack, type Stack } from './stack';

/*
 * The attacks a hostile page or client makes on the BFF's front door, sent over a real
 * socket: node:http puts the path on the wire byte for byte (no normalisation), so
 * `/%61pi/session` reaches the server as written.
 */

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function send(
  port: number,
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const guarded = { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE };
const signInBody = (role: 'coordinator' | 'ops' | 'clinician' | 'admin') =>
  JSON.stringify({ email: accountEmail(role), password: PASSWORD });
const json = { 'content-type': 'application/json' };

async function listen(stack: Stack) {
  await stack.bff.listen({ port: 0, host: '127.0.0.1' });
  const address = stack.bff.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return address.port;
}

/** The log lines (parsed) written for the request that reached the server at `rawPath`. */
function linesOfRequest(stack: Stack, rawPath: string) {
  const lines = stack.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
  const incoming = lines.filter(
    (line) => (line.req as { path?: string } | undefined)?.path === rawPath,
  );
  const ids = new Set(incoming.map((line) => line.reqId));
  return lines.filter((line) => ids.has(line.reqId));
}

let stack: Stack;
let port: number;
let coordinator: string;

beforeAll(async () => {
  stack = await startStack();
  port = await listen(stack);
  coordinator = await stack.signIn('coordinator');
});
afterAll(() => stack.close());
beforeEach(() => {
  stack.upstreamCalls.length = 0;
});

describe('the guard judges the route the router matched, not the raw address', () => {
  it('refuses sign-in at /%61pi/session without the anti-forgery header', async () => {
    const answer = await send(port, 'POST', '/%61pi/session', json, signInBody('admin'));
    expect(answer.status).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
    // The encoded address went on the wire as written.
    expect(linesOfRequest(stack, '/%61pi/session').length).toBeGreaterThan(0);
  });

  it('refuses sign-out at /%61pi/session without the header, and the session lives on', async () => {
    const cookie = await stack.signIn('ops');
    const answer = await send(port, 'DELETE', '/%61pi/session', { cookie });
    expect(answer.status).toBe(403);
    expect((await stack.request(cookie, 'GET', '/api/session')).statusCode).toBe(200);
  });

  it.each([
    '/%61pi/lab/v3/orders',
    '/api/%6cab/v3/orders',
    '/%61%70%69/session',
    // No route matches: the decoded address decides.
    '/%61pi/no-such-endpoint',
    '/api%2Fsession',
  ])('answers an anonymous %s 401 before the Lab API is called', async (rawPath) => {
    const answer = await send(port, 'GET', rawPath, guarded);
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(stack.upstreamCalls).toEqual([]);
  });

  it('refuses an anonymous upload at /%61pi/parsing-jobs into the log, not the audit trail', async () => {
    const before = await listAudit(stack.store.db, 10_000);
    const rawPath = PARSING_JOBS_PATH.replace('/api/', '/%61pi/');
    const answer = await send(
      port,
      'POST',
      rawPath,
      { ...guarded, 'content-type': 'multipart/form-data; boundary=x' },
      '--x\r\nContent-Disposition: form-data; name="user_id"\r\n\r\nnobody\r\n--x--\r\n',
    );
    expect(answer.status).toBe(401);
    const after = await listAudit(stack.store.db, 10_000);
    expect(after).toHaveLength(before.length);
    expect(after.filter((row) => row.account_id === null)).toEqual([]);
    expect(linesOfRequest(stack, rawPath).map((line) => line.msg)).toContain('request refused');
    expect(stack.upstreamCalls).toEqual([]);
  });
});

describe('cross-site requests are refused (Fetch Metadata and Origin)', () => {
  const hostile: [string, Record<string, string>][] = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://attacker.example' }],
    ['Origin: null (sandboxed frame, data: URL)', { origin: 'null' }],
    ['the same host on another port', { origin: 'http://127.0.0.1:1' }],
  ];

  it.each(hostile)('refuses sign-in with %s, and sets no cookie', async (_name, headers) => {
    const answer = await send(
      port,
      'POST',
      '/api/session',
      { ...guarded, ...json, ...headers },
      signInBody('admin'),
    );
    expect(answer.status).toBe(403);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it.each(hostile)('refuses a Lab API call with %s before the Lab API', async (_name, headers) => {
    const answer = await send(port, 'GET', '/api/lab/v3/orders?size=1', {
      ...guarded,
      cookie: coordinator,
      ...headers,
    });
    expect(answer.status).toBe(403);
    expect(stack.upstreamCalls).toEqual([]);
  });

  it.each(hostile)('refuses sign-out with %s', async (_name, headers) => {
    const cookie = await stack.signIn('clinician');
    const answer = await send(port, 'DELETE', '/api/session', { ...guarded, cookie, ...headers });
    expect(answer.status).toBe(403);
    expect((await stack.request(cookie, 'GET', '/api/session')).statusCode).toBe(200);
  });

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
    ['no Fetch Metadata at all (a non-browser client)', {}],
  ])('lets %s through', async (_name, headers) => {
    const own = { origin: `http://127.0.0.1:${port}` };
    const signIn = await send(
      port,
      'POST',
      '/api/session',
      { ...guarded, ...json, ...own, ...headers },
      signInBody('admin'),
    );
    expect(signIn.status).toBe(200);
    const orders = await send(port, 'GET', '/api/lab/v3/orders?size=1', {
      ...guarded,
      cookie: coordinator,
      ...headers,
    });
    expect(orders.status).toBe(200);
    expect(stack.upstreamCalls).toEqual(['GET /v3/orders?size=1']);
  });

  describe('with PUBLIC_URL set, its origin is the console’s', () => {
    let configured: Stack;
    let configuredPort: number;
    beforeAll(async () => {
      configured = await startStack({ consoleOrigin: 'https://console.example.test' });
      configuredPort = await listen(configured);
    });
    afterAll(() => configured.close());

    it('accepts the configured origin and refuses the address the request came in on', async () => {
      const from = (origin: string) =>
        send(
          configuredPort,
          'POST',
          '/api/session',
          { ...guarded, ...json, origin },
          signInBody('ops'),
        );
      expect((await from('https://console.example.test')).status).toBe(200);
      expect((await from(`http://127.0.0.1:${configuredPort}`)).status).toBe(403);
      expect((await from('http://console.example.test')).status).toBe(403);
    });
  });
});

describe('a malformed address is answered by the console, not by the framework', () => {
  it.each([
    ['GET', '/api/%zz'],
    ['POST', '/api/lab/v3/%E0%A4%A'],
    ['GET', '/%zz'],
  ])('%s %s: problem JSON with the security headers', async (method, rawPath) => {
    const answer = await send(port, method, rawPath, { ...guarded, cookie: coordinator });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400, title: 'Bad request' });
    expect(answer.body).not.toContain('FST_');
    expect(answer.body).not.toContain(rawPath);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['strict-transport-security']).toContain('max-age=');
    // Like every other answer about /api (and an error page), never kept by a cache.
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(stack.upstreamCalls).toEqual([]);
  });
});

/** Writes bytes on a fresh connection and reads everything the server sends back. */
function sendBytes(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('a request that is not valid HTTP', () => {
  it('is answered 400 problem JSON with the security headers', async () => {
    const answer = await sendBytes(
      port,
      'GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n',
    );
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/^content-type: application\/problem\+json/im);
    expect(head).toMatch(/^x-content-type-options: nosniff$/im);
    expect(head).toMatch(/^content-security-policy: .*frame-ancestors 'none'/im);
    expect(JSON.parse(body)).toMatchObject({ status: 400, title: 'Bad request' });
  });
});

describe('logs at LOG_LEVEL=trace', () => {
  it('never carry the session cookie, authorization or the Lab API key header', async () => {
    const token = coordinator.split('=')[1] ?? '';
    expect(token.length).toBeGreaterThan(16);
    const canary = `CANARY-${Date.now()}`;
    stack.logs.length = 0;
    const answer = await send(
      port,
      'POST',
      PARSING_JOBS_PATH,
      {
        ...guarded,
        cookie: coordinator,
        authorization: `Bearer ${canary}-authorization`,
        'x-service-api-key': `${canary}-key`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nnot a pdf\r\n--x--\r\n',
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    const logged = stack.logs.join('\n');
    // The multipart parser did log the request headers at trace level...
    expect(logged).toContain('Providing options to busboy');
    expect(logged).toContain('[redacted]');
    // ...without the secrets in them.
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(canary);
    expect(logged).not.toContain(stack.apiKey);
  });
});

describe('production start-up', () => {
  it('refuses to start without an https PUBLIC_URL, with a clear message', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lab-console-prod-'));
    const root = path.resolve(import.meta.dirname, '../..');
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: '0' };
    env.DATA_DIR = dataDir;
    delete env.PUBLIC_URL;
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/start.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    // Either the process stops, or it says it is ready (then it is stopped and the test fails).
    const outcome = await new Promise<'exited' | 'started'>((resolve) => {
      child.once('exit', () => resolve('exited'));
      child.stdout.on('data', () => {
        if (output.includes('is ready at')) resolve('started');
      });
    });
    if (outcome === 'started') {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    expect(outcome).toBe('exited');
    expect(child.exitCode).toBe(1);
    expect(output).toMatch(/Configuration error: PUBLIC_URL .*https.* production/);
  });
});
