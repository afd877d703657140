import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { electronBinary } from './electronBinary.js';
import { clearKeychainService } from '../support/keychainCleanup.js';

const binary = electronBinary();
const skipReason =
  'missing' in binary
    ? `No Electron binary (${binary.missing}). Run \`npm install\` on a machine that can download Electron to run these.`
    : '';
test.skip(!!skipReason, skipReason);

let app: ElectronApplication;
let page: Page;
let dataDir: string;
const keychainService = `groundwork-electron-test-${process.pid}`;

test.beforeAll(async () => {
  if (!('path' in binary)) return;
  dataDir = await mkdtemp(join(tmpdir(), 'groundwork-electron-'));
  app = await electron.launch({
    executablePath: binary.path,
    args: ['dist/electron/main.cjs'],
    env: { ...process.env, GROUNDWORK_DATA_DIR: dataDir, GROUNDWORK_KEYCHAIN_SERVICE: keychainService },
  });
  page = await app.firstWindow();
});

test.afterAll(async () => {
  await app?.close();
  await clearKeychainService(keychainService).catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('the window is locked down: isolation, sandbox, no Node, app:// origin', async () => {
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    // getLastWebPreferences is real but missing from Electron's type definitions.
    const contents = BrowserWindow.getAllWindows()[0]?.webContents as unknown as { getLastWebPreferences(): Record<string, unknown> };
    return contents.getLastWebPreferences();
  });
  expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
  expect(page.url()).toMatch(/^app:\/\/groundwork\//);
  expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
  expect(await page.evaluate(() => typeof (window as unknown as { process?: unknown }).process)).toBe('undefined');
  const keysApi = await page.evaluate(() => Object.keys((window as unknown as { groundwork: { keys: object } }).groundwork.keys).sort());
  expect(keysApi).toContain('add');
  expect(await page.evaluate(() => 'invoke' in (window as unknown as { groundwork: object }).groundwork)).toBe(false);
});

test('navigation away and new windows are refused', async () => {
  const before = page.url();
  await page.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await page.waitForTimeout(500);
  expect(page.url()).toBe(before);
  // Plain http never leaves the app; an https address would first ask in main's own dialog
  // (electron/shell/externalLinks.ts, its unit test), which would stay open over the next tests.
  await page.evaluate(() => window.open('http://example.com/'));
  await page.waitForTimeout(500);
  expect(app.windows()).toHaveLength(1);
});

test('keys round trip through the real app', async () => {
  await page.getByTestId('nav-keys').click();
  await page.getByTestId('key-name').fill('Electron key');
  await page.getByTestId('key-secret').fill('sk_electron_0123456789abcdef');
  await page.getByTestId('key-save').click();
  const row = page.locator('[data-testid="key-row"][data-key-name="Electron key"]');
  await expect(row.getByTestId('key-masked')).toHaveText('sk_e********cdef');
  await row.getByTestId('key-delete').click();
  await row.getByTestId('key-delete-confirm').click();
  await expect(page.getByTestId('key-row')).toHaveCount(0);
});
