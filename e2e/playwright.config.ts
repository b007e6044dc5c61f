import { defineConfig } from '@playwright/test';

/** End-to-end: Debian's Chromium against the real built server (started by global-setup.ts). */
export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  outputDir: '../test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // One browser at a time: on two cores a second one made every test ~3.5 times slower (the whole suite took
  // 14.7 min with two workers, 10.9 min with one; decision 043).
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
