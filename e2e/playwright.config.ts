import { defineConfig } from '@playwright/test';

/** End-to-end: Debian's Chromium against the real built server (started by global-setup.ts). */
export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  outputDir: '../test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
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
