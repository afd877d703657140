import { badFiles, type DocumentFixture } from '../support/badFiles.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';
import { filesOnDisk } from './filesOnDisk.js';

// Bad files picked through the real file input of the preview: each refusal shows its own
// code, names the file and says what to do, the open document stays, and the window keeps
// working (tests/unit/electron/app/badFiles.test.ts covers every main-process path).
const onDisk = filesOnDisk('bad-files');

test('bad files are refused with their own message, and the window stays usable', async ({ page, preview, emulator }) => {
  const sampleBox = page.locator('[data-testid="box"]').first();
  await expect(sampleBox).toBeVisible(); // the first-run sample
  const pageCount = await page.getByTestId('page-count').textContent();
  const error = page.getByTestId('error').first();

  const refused: [DocumentFixture, string][] = [
    [badFiles.empty(), 'empty_file'],
    [await badFiles.truncated(), 'truncated_pdf'],
    [await badFiles.zeroPages(), 'empty_pdf'],
  ];
  for (const [file, code] of refused) {
    await page.getByTestId('open-file').setInputFiles(await onDisk(file));
    await expect(error).toHaveAttribute('data-code', code);
    await expect(error).toContainText(`"${file.name}"`);
    await expect(error.locator('.error-hint')).not.toBeEmpty();
    // The document that was open is still open, and still answers a click.
    await expect(page.getByTestId('page-count')).toHaveText(pageCount ?? '');
  }
  // A PDF that needs a password asks for it (tests/e2e/encryptedPdf.spec.ts); Cancel changes nothing.
  const locked = badFiles.encrypted();
  await page.getByTestId('open-file').setInputFiles(await onDisk(locked));
  await expect(page.getByRole('dialog', { name: `Password for “${locked.name}”` })).toBeVisible();
  await page.getByTestId('password-cancel').click();
  await expect(page.getByTestId('password-dialog')).toBeHidden();
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('page-count')).toHaveText(pageCount ?? '');
  await sampleBox.click();
  await expect(sampleBox).toHaveAttribute('data-selected', 'true');

  // A PNG saved as .pdf opens as the image it is, and the offline engine reads it as one, by OCR.
  await page.getByTestId('open-file').setInputFiles(await onDisk(badFiles.pngNamedPdf()));
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('page-count')).toHaveText('of 1');
  await page.getByTestId('engine').selectOption('local');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('page-ocr')).toContainText('Page 1 was read by OCR (English)');
  await expect(error).toHaveCount(0);

  // 60 pages is over the older analyzer's limit: refused before anything is sent.
  await addKeyThroughUi(page, { name: 'Emulator analyzer', kind: 'analyzer', secret: DEMO_KEYS.analyzer[0]!, address: emulator.url });
  await page.getByTestId('open-file').setInputFiles(await onDisk(await badFiles.sixtyPages()));
  await expect(page.getByTestId('page-count')).toHaveText('of 60');
  await page.getByTestId('engine').selectOption('analyzer');
  await page.getByTestId('run').click();
  await expect(error).toHaveAttribute('data-code', 'too_many_pages');
  await expect(error).toContainText('60 pages');
  expect(emulator.requests.filter((r) => r.method === 'POST')).toEqual([]);

  // A file from a non-ASCII folder, under a non-ASCII name, opens and parses offline.
  const foreign = await badFiles.nonAscii();
  await page.getByTestId('open-file').setInputFiles(await onDisk(foreign, foreign.folder));
  await expect(page.getByTestId('page-count')).toHaveText('of 2');
  await page.getByTestId('engine').selectOption('local');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('local');
  await expect(error).toHaveCount(0);
  void preview;
});
