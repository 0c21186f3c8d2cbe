import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/*
 * Every journey gets its own console: the built BFF and local Lab API on a free port,
 * over a copy of a data folder seeded once per run. A journey may change any record
 * it likes, and the next journey (or the same journey repeated) starts from the seed.
 */

const root = path.resolve(import.meta.dirname, '../..');
export const SEED_DIR = path.join(root, 'test-results/e2e-seed');
const RUNS_DIR = path.join(root, 'test-results/e2e-data');

/** Settings every journey's console starts with; a journey adds its own with `serverEnv`. */
export const BASE_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  // A small timeseries page, so the wearables journey fetches (and charts) many pages.
  SANDBOX_TIMESERIES_PAGE_SIZE: '25',
};

export interface Stack {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) {
      throw new Error(`the console exited (${child.exitCode}) before it was ready:\n${output()}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the console was not ready within 30 s:\n${output()}`);
}

/**
 * Starts a console on `dataDir` (seeded when empty) and waits until it is ready. A free
 * port can be taken between the probe and the console's listen (every console's local
 * Lab API listens on port 0 too), so a start that lost that race is tried on another.
 */
export async function startStack(dataDir: string, env: Record<string, string> = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(dataDir, env);
    } catch (error) {
      const lostRace = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!lostRace || attempt === 5) throw error;
    }
  }
}

async function startOnFreePort(dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'e2e/support/server.mjs')], {
    cwd: root,
    env: { ...process.env, ...BASE_ENV, ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitUntilReady(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop, output: () => output };
}

/** Seeds the data folder every journey copies (once per run, in global set-up). */
export async function seedOnce() {
  rmSync(SEED_DIR, { recursive: true, force: true });
  rmSync(RUNS_DIR, { recursive: true, force: true });
  const stack = await startStack(SEED_DIR);
  await stack.stop();
}

/** A console of its own for one journey, on a copy of the seeded data folder. */
export async function startJourneyStack(name: string, env: Record<string, string>): Promise<Stack> {
  if (!existsSync(SEED_DIR))
    throw new Error('the seeded data folder is missing: run global set-up');
  mkdirSync(RUNS_DIR, { recursive: true });
  const dataDir = path.join(RUNS_DIR, name);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(SEED_DIR, dataDir, { recursive: true });
  const stack = await startStack(dataDir, env);
  return {
    url: stack.url,
    dataDir,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
