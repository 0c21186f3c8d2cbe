import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE } from '../contract';

/*
 * `npm start` run by hand: the terminal shows the start banner and what needs
 * attention, one readable line each, not a JSON line per request.
 */

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('the console started by hand', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lab-console-quiet-'));
  let child: ChildProcess;
  let output = '';
  let base = '';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // As typed by hand: none of the production or logging settings.
    const handSet = new Set(['NODE_ENV', 'LOG_LEVEL', 'LOG_FORMAT', 'PUBLIC_URL']);
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !handSet.has(name))),
      DATA_DIR: dataDir,
      PORT: String(port),
    };
    child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/start.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (output += chunk.toString());
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await new Promise<void>((resolve, reject) => {
      child.once('exit', () => reject(new Error(`the console stopped:\n${output}`)));
      child.stdout?.on('data', () => {
        if (output.includes('is ready at')) resolve();
      });
    });
  }, 60_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs no line for ordinary requests, and one readable line for a refusal', async () => {
    const banner = output;
    const headers = {
      [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE,
      'content-type': 'application/json',
    };
    const signIn = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'coordinator@demo.test', password: 'demo-coordinator' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const orders = await fetch(`${base}/api/lab/v3/orders?size=5`, {
      headers: { ...headers, cookie },
    });
    expect(orders.status).toBe(200);
    // A forged call (no anti-forgery header) is worth a warning.
    expect((await fetch(`${base}/api/session`, { method: 'DELETE' })).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const after = output.slice(banner.length).split('\n').filter(Boolean);
    expect(banner).not.toContain('{"level"');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/WARN.*request refused/);
    expect(after[0]).not.toContain('{"level"');
  });
});
