import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { keychainAccounts } from '../support/keychainCleanup.js';
import { answerAsUser, userClipboard } from '../support/preview.js';
import { expect, test } from './fixtures.js';

const SECRET = 'sk_e2e_9f8e7d6c5b4a39281706f5e4';

async function addKey(page: Page, name: string, secret: string, kind = 'v2') {
  await page.getByTestId('nav-keys').click();
  await page.getByTestId('key-name').fill(name);
  await page.getByTestId('key-kind').selectOption(kind);
  await page.getByTestId('key-secret').fill(secret);
  await page.getByTestId('key-save').click();
}

test('add a key, see it masked, copy it from main, rename it, delete it', async ({ page, preview, sandbox }) => {
  await addKey(page, 'Invoices team', SECRET);
  const row = page.locator('[data-testid="key-row"][data-key-name="Invoices team"]');
  await expect(row).toBeVisible();
  await expect(row.getByTestId('key-masked')).toHaveText('sk_e********f5e4');
  await expect(row).not.toContainText(SECRET);
  expect(await keychainAccounts(sandbox.keychainService)).toHaveLength(1);

  // Copy: main asks in its own dialog (the preview's desk, answered here as the user), then
  // copies; the window is told only that it happened.
  await row.getByTestId('key-copy').click();
  await expect(row.getByTestId('key-copy-note')).toHaveText('Waiting for your answer in Groundwork’s own dialog…');
  await expect(row.getByTestId('key-copy')).toBeDisabled();
  const question = await answerAsUser(preview, true);
  expect(question.message).toBe('Copy the key of “Invoices team” to the clipboard?');
  await expect(row.getByTestId('key-copy-note')).toHaveText('Key copied to the clipboard; cleared in 30 s.');
  expect(await userClipboard(preview)).toBe(SECRET);
  await expect(row).not.toContainText(SECRET);
  await page.screenshot({ path: test.info().outputPath('key-copied.png') });

  // Cancel in main's dialog: nothing copied, and the row says so.
  await row.getByTestId('key-copy').click();
  await answerAsUser(preview, false);
  await expect(row.getByTestId('error')).toHaveAttribute('data-code', 'copy_declined');
  await expect(row.getByTestId('error')).toContainText('was not copied');

  await row.getByTestId('key-rename').click();
  await row.getByTestId('key-rename-input').fill('Receipts team');
  await row.getByTestId('key-rename-save').click();
  const renamed = page.locator('[data-testid="key-row"][data-key-name="Receipts team"]');
  await expect(renamed).toBeVisible();

  // The list survives a reload: it comes from main, not from the page.
  await page.reload();
  await page.getByTestId('nav-keys').click();
  await expect(renamed.getByTestId('key-masked')).toHaveText('sk_e********f5e4');

  await renamed.getByTestId('key-delete').click();
  await renamed.getByTestId('key-delete-confirm').click();
  await expect(page.getByTestId('key-row')).toHaveCount(0);
  expect(await keychainAccounts(sandbox.keychainService)).toEqual([]);
  void preview;
});

test('a legacy pair keeps its secret and shows both masked', async ({ page, preview }) => {
  await page.getByTestId('nav-keys').click();
  await page.getByTestId('key-name').fill('Edge station');
  await page.getByTestId('key-kind').selectOption('v1-legacy');
  await page.getByTestId('key-secret').fill('legacykey1234567890abcd');
  await page.getByTestId('key-secret2').fill('legacysecret0987654321zz');
  await page.getByTestId('key-save').click();
  const row = page.locator('[data-testid="key-row"][data-key-name="Edge station"]');
  await expect(row).toContainText('********abcd');
  await expect(row).toContainText('secret: lega********21zz');
  await row.getByTestId('key-copy-secret2').click();
  await answerAsUser(preview, true);
  await expect(row.getByTestId('key-copy-note')).toHaveText('API secret copied to the clipboard; cleared in 30 s.');
  expect(await userClipboard(preview)).toBe('legacysecret0987654321zz');
  await expect(row).not.toContainText('legacysecret0987654321zz');
});

test('bad input gets a clear error and saves nothing', async ({ page, preview, sandbox }) => {
  await addKey(page, '   ', SECRET);
  await expect(page.getByTestId('error')).toContainText('The key needs a name.');
  await expect(page.getByTestId('error')).toHaveAttribute('data-code', 'invalid_key_name');

  await addKey(page, 'Pasted badly', 'sk_abc def');
  await expect(page.getByTestId('error')).toContainText('contains a space or line break at character 7');

  await page.getByTestId('key-secret').fill(SECRET);
  await page.getByTestId('key-address').fill('http://api.example.com');
  await page.getByTestId('key-save').click();
  await expect(page.getByTestId('error')).toHaveAttribute('data-code', 'invalid_address');

  await page.getByTestId('key-address').fill('');
  await page.getByTestId('key-save').click();
  await expect(page.getByTestId('key-row')).toHaveCount(1);

  await addKey(page, 'pasted BADLY', 'sk_other_key_1234567890');
  await expect(page.getByTestId('error')).toHaveAttribute('data-code', 'duplicate_key_name');
  await expect(page.getByTestId('key-row')).toHaveCount(1);
  expect(await keychainAccounts(sandbox.keychainService)).toHaveLength(1);
  void preview;
});

test("a key's address changes only after a yes in main's own dialog", async ({ page, preview }) => {
  await addKey(page, 'Regional', SECRET);
  const row = page.locator('[data-testid="key-row"][data-key-name="Regional"]');
  const before = (await row.getByTestId('key-address-cell').textContent()) ?? '';

  await row.getByTestId('key-address-change').click();
  await row.getByTestId('key-address-input').fill('https://eu.api.example.com');
  await row.getByTestId('key-address-save').click();
  await expect(row.getByTestId('key-address-note')).toHaveText('Waiting for your answer in Groundwork’s own dialog…');
  const question = await answerAsUser(preview, false);
  expect(question.message).toBe('Send the key “Regional” to eu.api.example.com from now on?');
  await expect(row.getByTestId('error')).toHaveAttribute('data-code', 'address_change_declined');

  await row.getByTestId('key-address-save').click();
  await answerAsUser(preview, true);
  await expect(row.getByTestId('key-address-cell')).toContainText('https://eu.api.example.com');
  await page.reload();
  await page.getByTestId('nav-keys').click();
  await expect(row.getByTestId('key-address-cell')).toContainText('https://eu.api.example.com');
  expect(before).not.toContain('eu.api.example.com');
});

test('an address changed in settings.json outside the app is shown, refused, and bound again from the Keys screen', async ({
  page,
  launchPreview,
  sandbox,
}) => {
  let preview = await launchPreview();
  await page.goto(preview.url);
  await addKey(page, 'Moved', SECRET);
  const row = page.locator('[data-testid="key-row"][data-key-name="Moved"]');
  await expect(row).toBeVisible();
  await preview.stop();

  // Something other than the app points the key elsewhere; the app starts again.
  const file = join(sandbox.dataDir, 'settings.json');
  const settings = JSON.parse(await readFile(file, 'utf8')) as { keys: { address: string }[] };
  settings.keys[0]!.address = 'http://127.0.0.1:9';
  await writeFile(file, JSON.stringify(settings));
  preview = await launchPreview();
  await page.goto(preview.url);
  await page.getByTestId('nav-keys').click();
  await expect(row.getByTestId('key-destination-changed')).toContainText(
    'The address of the key "Moved" was changed outside Groundwork: settings.json says http://127.0.0.1:9',
  );
  await row.getByTestId('key-test').click();
  await expect(page.getByTestId('error')).toHaveAttribute('data-code', 'key_address_changed');
  await page.screenshot({ path: test.info().outputPath('address-changed.png') });

  // The user enters the address again and confirms it in main: bound again, the warning gone.
  await page.getByTestId('error').getByRole('button', { name: 'Dismiss error' }).click();
  await row.getByTestId('key-address-change').click();
  await row.getByTestId('key-address-input').fill('http://127.0.0.1:9');
  await row.getByTestId('key-address-save').click();
  await answerAsUser(preview, true);
  await expect(row.getByTestId('key-destination-changed')).toHaveCount(0);
  await row.getByTestId('key-test').click();
  await expect(row.getByTestId('key-test-result')).toBeVisible();
  await expect(page.getByTestId('error')).toHaveCount(0);
});
