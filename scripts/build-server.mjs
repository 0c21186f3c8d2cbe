// Bundles the server (BFF + local Lab API) into dist/server; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    start: 'src/start.ts',
    sandbox: 'src/sandbox/server.ts',
    // The local Lab API's thread; start.js finds it beside itself (sandbox/worker/host.ts).
    labApiWorker: 'src/sandbox/worker/labApiWorker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
