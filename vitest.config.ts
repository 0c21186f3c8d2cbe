import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Test files share each worker's module cache instead of importing the sandbox, the BFF
    // and the contract afresh per file: the run takes about half the time (CI has 20
    // minutes on two cores). Every test builds its own stack and store, so no state is shared.
    isolate: false,
    // With modules shared, a global a test stubs (fetch, Worker) would stay stubbed for the
    // files the same worker runs next: a webhook test then sent its deliveries into another
    // test's closed stack and timed out. Stubs are undone after every test.
    unstubGlobals: true,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
