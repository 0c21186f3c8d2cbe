import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const bffPort = process.env.BFF_PORT ?? '3000';

export default defineConfig({
  // The router plugin must come before react() so generated routes are transformed.
  plugins: [
    // Paths come from tsr.config.json, shared with `tsr generate` (npm run routes:check).
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
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
