import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  // The monkey (three seeds, about five minutes in one worker) starts first: left to its place in
  // the alphabet it started mid-run and went on alone at the end, the other worker idle for minutes.
  projects: [
    { name: 'monkey', testMatch: 'monkey.spec.ts' },
    { name: 'flows', testIgnore: 'monkey.spec.ts' },
  ],
  use: {
    browserName: 'chromium',
    viewport: { width: 1400, height: 900 },
    // Chromium itself is launched by the `browser` fixture (fixtures.ts).
    screenshot: 'only-on-failure',
    // CI keeps nothing but its log, and recording a trace costs a quarter of the run's time.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
});
