import type { Page } from '@playwright/test';
import { badFiles } from '../support/badFiles.js';
import { USER_PASSWORD } from '../support/encryptedPdf.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';
import { filesOnDisk } from './filesOnDisk.js';

// Encrypted PDFs picked through the real file input of the preview: one with an owner
// password only opens with no question; one that needs a password asks for it (a wrong one
// is said, Cancel changes nothing), opens, parses offline, and goes to the cloud parser as
// a decrypted copy, which the emulator accepts only because it is not encrypted.
const onDisk = filesOnDisk('encrypted');

async function runEngine(page: Page, engine: 'local' | 'parse'): Promise<void> {
  await page.getByTestId('engine').selectOption(engine);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-progress')).toHaveCount(0);
}

const DECRYPTED_NOTE = 'uploaded a decrypted copy made on this computer';

test('a PDF with an owner password only opens with no question, parses offline, and goes to the cloud as a decrypted copy', async ({
  page,
  preview,
  emulator,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the first-run sample
  await page.getByTestId('open-file').setInputFiles(await onDisk(await badFiles.ownerPasswordOnly()));
  await expect(page.getByTestId('page-count')).toHaveText('of 2');
  await expect(page.getByTestId('password-dialog')).toBeHidden();
  await expect(page.locator('[data-testid="page"][data-page="1"] canvas')).toBeVisible();

  await runEngine(page, 'local');
  await expect(page.getByTestId('result-summary')).toContainText('parse · local');
  await expect(page.getByTestId('result-summary')).toContainText('2 pages');
  await expect(page.locator('[data-testid="md-node"]', { hasText: 'Restricted page 2: Total: 200.00' })).toBeVisible();

  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await runEngine(page, 'parse');
  await expect(page.getByTestId('result-summary')).toContainText(DECRYPTED_NOTE);
  expect(emulator.requests.filter((r) => r.method === 'POST').map((r) => `${r.path} ${r.status}`)).toEqual(['/v2/parse 200']);
  await expect(page.getByTestId('error')).toHaveCount(0);
  void preview;
});

test('a PDF that needs a password asks for it, says when it is wrong, opens with it, parses offline and in the cloud', async ({
  page,
  preview,
  emulator,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  const samplePages = (await page.getByTestId('page-count').textContent()) ?? '';
  const file = await badFiles.passwordProtected();
  const path = await onDisk(file);
  const dialog = page.getByTestId('password-dialog');
  const input = page.getByTestId('password-input');

  // Asked, with the focus in the field and the promise about where the password goes.
  await page.getByTestId('open-file').setInputFiles(path);
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: `Password for “${file.name}”` })).toBeVisible();
  await expect(input).toBeFocused();
  await expect(page.getByTestId('password-privacy')).toContainText('used on this computer only');
  await expect(page.getByTestId('password-privacy')).toContainText('never stored and never sent');
  await expect(page.getByTestId('run-disabled-reason')).toContainText(`Opening ${file.name}`);

  // A wrong password (Enter submits): said, and asked again with an empty, focused field.
  await input.fill('Tr0ub4dor&3');
  await input.press('Enter');
  await expect(page.getByTestId('password-wrong')).toContainText('does not open');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('');
  await page.screenshot({ path: test.info().outputPath('password-dialog.png') });

  // Escape: nothing stored, the sample still open and answering, no error.
  await input.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('page-count')).toHaveText(samplePages);
  await expect(page.getByTestId('error')).toHaveCount(0);
  await expect(page.locator(`[data-testid="library-document"][data-document-name="${file.name}"]`)).toHaveCount(0);
  await page.locator('[data-testid="box"]').first().click();
  await expect(page.locator('[data-testid="box"]').first()).toHaveAttribute('data-selected', 'true');

  // Again, with the right password: the pages are drawn, the library marks it.
  await page.getByTestId('open-file').setInputFiles(path);
  await expect(page.getByTestId('password-wrong')).toHaveCount(0);
  await input.fill(USER_PASSWORD);
  await page.getByTestId('password-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('page-count')).toHaveText('of 3');
  await expect(page.locator('[data-testid="page"][data-page="1"] canvas')).toBeVisible();
  await expect(page.getByTestId('error')).toHaveCount(0);
  await expect(page.locator(`[data-testid="library-document"][data-document-name="${file.name}"]`)).toContainText(
    'PDF · 3 pages · password',
  );

  await runEngine(page, 'local');
  await expect(page.getByTestId('result-summary')).toContainText('3 pages');
  await expect(page.locator('[data-testid="md-node"]', { hasText: 'Salaries page 3: Total: 300.00' })).toBeVisible();

  // The cloud parser: the emulator refuses encrypted PDFs, so its 200 is for a decrypted copy.
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await runEngine(page, 'parse');
  await expect(page.getByTestId('result-summary')).toContainText(DECRYPTED_NOTE);
  await expect(page.locator('[data-testid="md-node"]', { hasText: 'Salaries page 1' })).toBeVisible();
  expect(emulator.requests.filter((r) => r.method === 'POST').map((r) => `${r.path} ${r.status}`)).toEqual(['/v2/parse 200']);

  // Nowhere in the page or its storage.
  expect(await page.content()).not.toContain(USER_PASSWORD);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(
    USER_PASSWORD,
  );

  // A reload forgets it in the window: opening it from the library asks again.
  await page.reload();
  await page.locator(`[data-testid="library-document"][data-document-name="${file.name}"]`).click();
  await expect(dialog).toBeVisible();
  await input.fill(USER_PASSWORD);
  await input.press('Enter');
  await expect(page.getByTestId('page-count')).toHaveText('of 3');
  await expect(page.getByTestId('result-summary')).toContainText(DECRYPTED_NOTE);
  void preview;
});
