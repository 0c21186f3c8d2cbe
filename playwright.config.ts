import { defineConfig, devices } from '@playwright/test';

/*
 * The journeys run the built console (`npm run build`) exactly as `npm start` does, in
 * Debian's Chromium (Playwright cannot download browsers here). Each journey starts its
 * own console on a copy of a data folder seeded once per run (e2e/support/stack.ts), so
 * journeys never share records. `E2E_REPEAT=2` repeats every journey, so one that depends
 * on luck fails instead of landing (CI runs them once to stay within its 20 minutes).
 */

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  repeatEach: Number(process.env.E2E_REPEAT ?? 1),
  globalSetup: './e2e/support/globalSetup.ts',
  reporter: process.env.CI ? [['list']] : [['list']],
  // Includes starting the journey's own console (about 2 s on an idle machine) and axe runs,
  // which take 10 s and more on a loaded 2-core machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    // Recording a trace (a screencast and a DOM snapshot per action) costs CPU in every
    // journey, passed or not; CI keeps the failure's screenshot and error context instead.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});
