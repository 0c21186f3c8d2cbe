// The local Lab API and the console's BFF in front of it, each in its own process as
// `npm start` runs them, with one admin signed in: what the proxy and webhook benchmarks share.
import { serve } from './serve.mjs';

export const BENCH_API_KEY = 'sk_bench_key_for_the_local_lab_api';
const admin = { email: 'bench@example.test', password: 'bench-password-123' };

/** Starts the local Lab API on `dataDir`; resolves with its URL. */
export async function startLabApi(dataDir, port = '0') {
  const { url } = await serve(
    'dist/server/sandbox.js',
    { SANDBOX_PORT: port, SANDBOX_API_KEY: BENCH_API_KEY, DATA_DIR: dataDir },
    /(http:\/\/127\.0\.0\.1:\d+)/,
  );
  return url;
}

/**
 * Starts the BFF against `labApi` (extra settings in `env`) and signs the bench admin in;
 * resolves with its URL and the session cookie.
 */
export async function startConsole({ dataDir, labApi, env = {}, port = '0' }) {
  const { url } = await serve(
    'dist/server/start.js',
    {
      PORT: port,
      DATA_DIR: dataDir,
      LAB_API_BASE_URL: labApi,
      LAB_API_KEY: BENCH_API_KEY,
      CONSOLE_ADMIN_EMAIL: admin.email,
      CONSOLE_ADMIN_PASSWORD: admin.password,
      ...env,
    },
    /ready at (http:\/\/\S+)/,
  );
  const signIn = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lab-console': '1' },
    body: JSON.stringify(admin),
  });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${signIn.status}`);
  return { url, cookie };
}
