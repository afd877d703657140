import { defineConfig } from '@playwright/test';
import { electronBinary } from './electronBinary.js';

// Drives the real Electron app with Playwright's _electron. Needs the Electron binary,
// which `npm install` downloads on a normal machine; where it is missing the tests skip
// and say why (see electronBinary.ts).
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e-electron',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
});

const binary = electronBinary();
if ('missing' in binary) {
  console.log(
    `e2e-electron: skipping the Electron shell tests: ${binary.missing}. They run wherever \`npm install\` could download Electron.`,
  );
}
