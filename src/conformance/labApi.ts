import type { FastifyInstance } from 'fastify';
import { buildSandboxApp, type SandboxOptions } from '../sandbox/app';

/* The real local Lab API on a loopback port, as `npm start` runs it, with a fixed clock. */

export const KEY = 'sk_us_conformance_local_key';
/** The seed lays its times out back from this instant, so every run sees the same data. */
export const NOW = new Date('2026-03-01T12:00:00.000Z');

export interface RunningLabApi {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startLabApi(options: Partial<SandboxOptions> = {}): Promise<RunningLabApi> {
  const app = await buildSandboxApp({
    dbFile: ':memory:',
    apiKey: KEY,
    now: () => NOW,
    // Parsing jobs end within milliseconds, so the suite reads their final answers.
    parsingDelays: { startMs: 5, finishMs: 5 },
    ...options,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${String(port)}`, app, close: () => app.close() };
}
