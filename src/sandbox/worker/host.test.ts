import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGEMENT_KEY_HEADER, ordersPageSchema } from '../../contract';
import { DEMO_ORG_ID } from '../management';
import { DEMO_TEAM_ID } from '../seed/catalog';
import { startSandboxWorker, type SandboxWorker } from './host';

/*
 * The local Lab API in its worker thread, started and driven as src/start.ts does. Each
 * start loads the Lab API from source in a fresh thread, which takes seconds on a loaded
 * machine: these tests get more time than the default (no assertion is about time).
 */
const SLOW = { timeout: 60_000 };

const API_KEY = 'sk_test_worker_key';
const MANAGEMENT_KEY = 'mg_test_worker_key';
// Not the default header: the request below answering proves the options reached the thread.
const KEY_HEADER = 'x-vital-api-key';
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lab-api-worker-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the local Lab API in a worker thread', SLOW, () => {
  let dataDir: string;
  let sandbox: SandboxWorker;

  beforeAll(async () => {
    dataDir = tempDir();
    sandbox = await startSandboxWorker({
      dataDir,
      apiKey: API_KEY,
      keyHeader: KEY_HEADER,
      managementKey: MANAGEMENT_KEY,
    });
  }, SLOW.timeout);
  afterAll(() => sandbox.close());

  it('is ready at a URL that answers Lab API requests with the key', async () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.management.orgId).toBe(DEMO_ORG_ID);
    const answer = await fetch(`${sandbox.url}/v3/orders?size=2`, {
      headers: { [KEY_HEADER]: API_KEY },
    });
    expect(answer.status).toBe(200);
    expect(ordersPageSchema.parse(await answer.json()).orders).toHaveLength(2);
    const unkeyed = await fetch(`${sandbox.url}/v3/orders?size=2`, {
      headers: { 'x-service-api-key': API_KEY },
    });
    expect(unkeyed.status).toBe(401);
  });

  it('registers the host endpoint, which the management API then lists', async () => {
    const url = 'http://127.0.0.1:9/webhooks/lab';
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    await sandbox.management.registerHostEndpoint({ url, secret });
    const answer = await fetch(
      `${sandbox.url}/v1/org/${DEMO_ORG_ID}/team/${DEMO_TEAM_ID}/sandbox/webhook`,
      { headers: { [MANAGEMENT_KEY_HEADER]: MANAGEMENT_KEY } },
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { url: string }[] };
    expect(body.data.map((endpoint) => endpoint.url)).toContain(url);
  });

  it('answers a failed request with its message', async () => {
    await expect(
      sandbox.management.registerHostEndpoint({
        url: 'http://127.0.0.1:9/webhooks/other',
        secret: 'not-a-svix-secret',
      }),
    ).rejects.toThrow('whsec_');
  });
});

describe('starting the worker', SLOW, () => {
  let busy: Server;

  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it('rejects with the reason when the port is in use', async () => {
    const address = busy.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await expect(startSandboxWorker({ dataDir: tempDir(), apiKey: API_KEY, port })).rejects.toThrow(
      'EADDRINUSE',
    );
  });

  it('rejects with the reason when the data folder cannot be made', async () => {
    const file = path.join(tempDir(), 'a-file');
    writeFileSync(file, '');
    await expect(
      startSandboxWorker({ dataDir: path.join(file, 'data'), apiKey: API_KEY }),
    ).rejects.toThrow('ENOTDIR');
  });
});

describe('closing the worker', SLOW, () => {
  it('closes the store cleanly, stops listening and takes no more requests', async () => {
    const dataDir = tempDir();
    const sandbox = await startSandboxWorker({ dataDir, apiKey: API_KEY });
    const wal = path.join(dataDir, 'sandbox.sqlite-wal');
    expect(existsSync(wal)).toBe(true);
    await sandbox.close();
    // SQLite removes the write-ahead log when the last connection closes cleanly.
    expect(existsSync(wal)).toBe(false);
    await expect(fetch(`${sandbox.url}/v3/orders`)).rejects.toThrow();
    await expect(
      sandbox.management.registerHostEndpoint({ url: 'http://127.0.0.1:9/x', secret: 'whsec_x' }),
    ).rejects.toThrow('stopped');
  });
});
