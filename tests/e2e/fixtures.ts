import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { clearKeychainService } from '../support/keychainCleanup.js';
import { startPreview, type PreviewOptions, type RunningPreview } from '../support/preview.js';

interface Fixtures {
  /** A fresh data folder and private keychain service for this test. */
  sandbox: { dataDir: string; keychainService: string };
  /** Starts a preview on the sandbox (stopped after the test); call again after `stop()` to restart. */
  launchPreview: (env?: PreviewOptions['env']) => Promise<RunningPreview>;
  /** A preview already started, with the page opened on it. */
  preview: RunningPreview;
}

export const test = base.extend<Fixtures>({
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
  preview: async ({ launchPreview, page }, use) => {
    const preview = await launchPreview();
    await page.goto(preview.url);
    await use(preview);
  },
});

export { expect } from '@playwright/test';
