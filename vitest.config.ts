import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Test files share each worker's module cache instead of importing the sandbox, the BFF
    // and the contract afresh per file: the run takes about half the time (CI has 20
    // minutes on two cores). Every test builds its own stack and store, so no state is shared.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
