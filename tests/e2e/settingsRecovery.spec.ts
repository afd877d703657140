import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { keychainAccounts } from '../support/keychainCleanup.js';
import { expect, test } from './fixtures.js';

test('a corrupt settings file is kept aside, the app starts clean, says so, and recovers keys from the keychain', async ({
  page,
  launchPreview,
  sandbox,
}) => {
  let preview = await launchPreview();
  await page.goto(preview.url);
  await page.getByTestId('nav-keys').click();
  await page.getByTestId('key-name').fill('Survivor');
  await page.getByTestId('key-secret').fill('sk_survivor_0123456789abcdef');
  await page.getByTestId('key-save').click();
  await expect(page.getByTestId('key-row')).toHaveCount(1);
  await preview.stop();

  await writeFile(join(sandbox.dataDir, 'settings.json'), '{"version": 1, "keys": [ truncated');
  preview = await launchPreview();
  await page.goto(preview.url);
  await page.getByTestId('nav-keys').click();
  await expect(page.getByTestId('notice')).toContainText('could not be read');
  // The recovered key shows up disabled, under a name that says what happened.
  const recovered = page.locator('[data-testid="key-row"][data-key-name="Recovered v2 key"]');
  await expect(recovered).toContainText('sk_s********cdef');
  await expect(recovered).toContainText('Disabled');
  const files = await readdir(sandbox.dataDir);
  expect(files.some((f) => f.startsWith('settings.json.corrupt-'))).toBe(true);
  expect(await keychainAccounts(sandbox.keychainService)).toHaveLength(1);
});

test('without a keychain, adding a key fails clearly and nothing is written in plain text', async ({ page, launchPreview, sandbox }) => {
  const preview = await launchPreview({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/groundwork-test-bus' });
  await page.goto(preview.url);
  await page.getByTestId('nav-keys').click();
  await page.getByTestId('key-name').fill('No keychain');
  await page.getByTestId('key-secret').fill('sk_nowhere_0123456789abcdef');
  await page.getByTestId('key-save').click();
  const error = page.getByTestId('error').first();
  await expect(error).toHaveAttribute('data-code', 'keychain_unavailable');
  await expect(error).toContainText('gnome-keyring');
  const files = await readdir(sandbox.dataDir, { recursive: true });
  expect(files).not.toContain('settings.json');
});
