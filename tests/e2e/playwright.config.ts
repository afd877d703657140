import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium.js';

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1400, height: 900 },
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    // CI keeps nothing but its log, and recording a trace costs a quarter of the run's time.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
});
