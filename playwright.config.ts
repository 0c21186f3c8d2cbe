import { defineConfig, devices } from '@playwright/test';

/*
 * The journeys run the built console (`npm run build`) exactly as `npm start` does,
 * against the local Lab API with a fresh data folder, in Debian's Chromium:
 * Playwright cannot download browsers here.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node e2e/support/server.mjs',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // A small timeseries page, so the wearables journey fetches (and charts) many pages.
    env: { PORT: String(port), LOG_LEVEL: 'warn', SANDBOX_TIMESERIES_PAGE_SIZE: '25' },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
