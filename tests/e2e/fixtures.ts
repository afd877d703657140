import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { launchChromium } from '../support/chromium.js';
import { startEmulator, type Emulator } from '../emulator/server.js';
import { DEMO_KEYS } from '../emulator/keys.js';
import type { SdkShapedOptions } from '../emulator/sdkShapedMode.js';
import { clearKeychainService } from '../support/keychainCleanup.js';
import { startPreview, type PreviewOptions, type RunningPreview } from '../support/preview.js';

interface Fixtures {
  /** A fresh data folder and private keychain service for this test. */
  sandbox: { dataDir: string; keychainService: string };
  /** Starts a preview on the sandbox (stopped after the test); call again after `stop()` to restart. */
  launchPreview: (env?: PreviewOptions['env']) => Promise<RunningPreview>;
  /** A preview already started, with the page opened on it. */
  preview: RunningPreview;
  /** The service emulator on 127.0.0.1, with its demo keys; stopped after the test. */
  emulator: Emulator;
  /** `test.use({ emulatorSdkShaped: { seed } })`: the emulator answers in its SDK-shaped mode (tests/emulator/README.md). */
  emulatorSdkShaped: SdkShapedOptions | undefined;
}

export const test = base.extend<Fixtures>({
  // One Chromium per worker, launched as the benches launch it (see launchChromium).
  browser: [
    async ({ playwright }, use) => {
      const browser = await launchChromium(playwright.chromium);
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the pattern.
  sandbox: async ({}, use, testInfo) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'groundwork-e2e-'));
    const keychainService = `groundwork-test-${process.pid}-${testInfo.workerIndex}-${Date.now()}`;
    await use({ dataDir, keychainService });
    await clearKeychainService(keychainService).catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  },
  launchPreview: async ({ sandbox }, use) => {
    const started: RunningPreview[] = [];
    await use(async (env) => {
      const preview = await startPreview({ ...sandbox, ...(env ? { env } : {}) });
      started.push(preview);
      return preview;
    });
    await Promise.all(started.map((p) => p.stop()));
  },
  emulatorSdkShaped: [undefined, { option: true }],
  emulator: async ({ emulatorSdkShaped }, use) => {
    const emulator = await startEmulator({
      port: 0,
      timings: { pendingMs: 100, processingMs: 300 },
      ...(emulatorSdkShaped ? { sdkShaped: emulatorSdkShaped } : {}),
    });
    await use(emulator);
    await emulator.close();
  },
  preview: async ({ launchPreview, page }, use, testInfo) => {
    // Errors the page did not handle are printed with the test, so a blank window in CI says why.
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    page.on('console', (message) => void (message.type() === 'error' && pageErrors.push(message.text())));
    const preview = await launchPreview();
    await page.goto(preview.url);
    await use(preview);
    if (pageErrors.length > 0 && testInfo.status !== testInfo.expectedStatus)
      console.log(`page errors in "${testInfo.title}":\n${pageErrors.join('\n')}`);
  },
});

export { expect } from '@playwright/test';

/** Adds a key through the Keys screen (the way a user does) and comes back to the Review screen. */
export async function addKeyThroughUi(
  page: Page,
  key: { name: string; kind: 'v2' | 'analyzer' | 'v1' | 'v1-legacy'; secret: string; secret2?: string; address: string },
): Promise<void> {
  await page.getByTestId('nav-keys').click();
  await page.getByTestId('key-name').fill(key.name);
  await page.getByTestId('key-kind').selectOption(key.kind);
  await page.getByTestId('key-secret').fill(key.secret);
  if (key.secret2 !== undefined) await page.getByTestId('key-secret2').fill(key.secret2);
  await page.getByTestId('key-address').fill(key.address);
  await page.getByTestId('key-save').click();
  await page.locator(`[data-testid="key-row"][data-key-name="${key.name}"]`).waitFor();
  await page.getByTestId('nav-workspace').click();
}

/** Once the sample is drawn, the emulator's first v2 key added through the Keys screen (back on the workspace): where a cloud test starts. */
export async function addEmulatorV2Key(page: Page, emulator: Pick<Emulator, 'url'>): Promise<void> {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
}

/** As `addEmulatorV2Key`, then the cloud parse engine picked and its options shown. */
export async function showCloudParseOptions(page: Page, emulator: Pick<Emulator, 'url'>): Promise<void> {
  await addEmulatorV2Key(page, emulator);
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('engine-options-toggle').click();
}

export { DEMO_KEYS };
