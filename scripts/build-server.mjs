// Bundles the server (BFF + local Lab API) into dist/server; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { start: 'src/start.ts', sandbox: 'src/sandbox/server.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
