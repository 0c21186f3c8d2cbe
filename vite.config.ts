import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractModule = /[\\/]src[\\/]contract[\\/][^\\/]+\.ts$/;
const bffPort = process.env.BFF_PORT ?? '3000';

export default defineConfig({
  // The router plugin must come before react() so generated routes are transformed.
  plugins: [
    // Paths come from tsr.config.json, shared with `tsr generate` (npm run routes:check).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // A page's loader travels with its component: left in the entry (the plugin's
        // default), every loader pulled its API module and contract schemas into the
        // first screen, and building those zod schemas at start-up was the longest task.
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
  ],
  build: {
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare schemas and constants, but building a zod
        // schema is a call the bundler must otherwise keep: one import from the contract's
        // index then built every Lab API schema when any page started (the shell and the
        // page-access check import it). Declared free of side effects, a contract module is
        // left out when nothing of it is used; others keep the default.
        moduleSideEffects: (id) => (contractModule.test(id) ? false : undefined),
      },
    },
    // Read by e2e/serving.spec.ts to hold each page's first-paint JavaScript to its budget.
    manifest: true,
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${bffPort}`, '/auth': `http://127.0.0.1:${bffPort}` },
  },
});
