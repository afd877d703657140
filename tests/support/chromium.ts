import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserType } from '@playwright/test';

/** Flags for a locked-down machine: no sandbox as root, no GPU, no calls home. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Features an Electron window does not have, which Chromium starts in every new window: its
 * address bar's popup is a web page of its own (over a second of CPU per window, taken from
 * the page under test on a two-core machine).
 */
const FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * Chromium as the tests and benches run it: CHROMIUM_ARGS, `extraArgs`, and FEATURES_OFF added
 * to the features Playwright switches off itself. Chromium reads only the last
 * --disable-features switch, so Playwright's own is read from a first launch, then left out
 * and passed again with FEATURES_OFF in it.
 */
export async function launchChromium(type: BrowserType, extraArgs: string[] = []): Promise<Browser> {
  const executablePath = findChromium();
  const probe = await type.launchServer({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
  const theirs = probe.process().spawnargs.find((arg) => arg.startsWith('--disable-features='));
  await probe.close();
  const off = [...(theirs ? theirs.slice('--disable-features='.length).split(',') : []), ...FEATURES_OFF];
  return type.launch({
    executablePath,
    ...(theirs ? { ignoreDefaultArgs: [theirs] } : {}),
    args: [...CHROMIUM_ARGS, ...extraArgs, `--disable-features=${off.join(',')}`],
  });
}

/**
 * Chromium for the e2e tests: `CHROMIUM_PATH`, then the system's Chromium, then a
 * browser installed by Playwright. Fails with what to install when none is there.
 */
function findChromium(): string {
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
