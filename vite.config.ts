import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${bffPort}`, '/auth': `http://127.0.0.1:${bffPort}` },
  },
});
