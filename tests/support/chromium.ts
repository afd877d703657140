import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Flags for a locked-down machine: no sandbox as root, no GPU, no calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Chromium for the e2e tests: `CHROMIUM_PATH`, then the system's Chromium, then a
 * browser installed by Playwright. Fails with what to install when none is there.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', playwrightChromium()];
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error(
    [
      'No Chromium found for the e2e tests.',
      'Install one of:',
      '  - Debian/Ubuntu: sudo apt-get install chromium',
      '  - any OS: npx playwright install chromium',
      'or point CHROMIUM_PATH at a Chrome/Chromium binary.',
    ].join('\n'),
  );
}

function playwrightChromium(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core') as { chromium: { executablePath(): string } };
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
