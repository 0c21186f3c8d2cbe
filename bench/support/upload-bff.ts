// The BFF alone for bench/uploads.mjs, in front of the Lab API at UPSTREAM, with one ops
// account (ops upload lab reports). Run with `node --import tsx`; prints its address.
import { buildApp } from '../../src/bff/app';
import { ensureAccount } from '../../src/bff/platform/accounts/accounts';
import { openStore } from '../../src/bff/platform/database/database';

const store = await openStore({ dialect: 'sqlite', file: ':memory:' });
await ensureAccount(store.db, {
  email: 'bench-ops@example.test',
  name: 'Bench ops',
  role: 'ops',
  password: 'bench-password-123',
});
const app = await buildApp({
  store,
  upstream: {
    environment: 'custom',
    region: null,
    baseUrl: process.env.UPSTREAM ?? '',
    apiKey: 'sk_bench_upload_key',
    keyHeader: 'x-service-api-key',
    timeoutMs: 30_000,
  },
  secureCookies: false,
  sessionIdleSeconds: 900,
  sessionAbsoluteSeconds: 43_200,
  webDir: '/nonexistent',
  uploadConcurrency: Number(process.env.UPLOAD_CONCURRENCY ?? 4),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`upload BFF at http://127.0.0.1:${port}`);
