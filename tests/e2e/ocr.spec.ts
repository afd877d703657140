import { letterScan, mixedPdf, scanPng } from '../support/scans.js';
import { expect, test } from './fixtures.js';
import { filesOnDisk } from './filesOnDisk.js';

// Scans read offline, through the UI: a PDF with a typed page and a scanned one, and a photo
// of a note as a PNG, opened with the file picker and parsed by the offline engine.
const onDisk = filesOnDisk('ocr');

test('a scanned page is read offline by OCR: its text in the Markdown, its boxes clickable, the page says so', async ({
  page,
  preview,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the first-run sample
  const bytes = await mixedPdf([
    { kind: 'text', lines: ['Typed cover letter'] },
    { kind: 'scan', spec: letterScan(['Scanned delivery note 2291', 'Signed by the driver']) },
  ]);
  await page.getByTestId('open-file').setInputFiles(await onDisk({ name: 'delivery.pdf', bytes }));
  await expect(page.getByTestId('page-count')).toHaveText('of 2');
  await page.getByTestId('engine').selectOption('local');
  await page.getByTestId('run').click();

  const scanned = page.locator('[data-testid="md-node"]', { hasText: 'Scanned delivery note 2291' });
  await expect(scanned).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-testid="md-node"]', { hasText: 'Typed cover letter' })).toBeVisible();
  await expect(page.getByTestId('error')).toHaveCount(0);

  // The page that was a scan says it was read by OCR; the typed one does not.
  await expect(page.locator('[data-testid="page"][data-page="2"] [data-testid="page-ocr"]')).toHaveText(
    'Page 2 was read by OCR (English); words are shown with their confidence',
  );
  await expect(page.locator('[data-testid="page"][data-page="1"] [data-testid="page-ocr"]')).toHaveCount(0);

  // Its box on the page selects its Markdown, and the status bar gives the words' confidence.
  const id = await scanned.getAttribute('data-node-id');
  const box = page.locator(`[data-testid="page"][data-page="2"] [data-testid="box"][data-node-id="${id}"]`);
  await box.click();
  await expect(box).toHaveAttribute('data-selected', 'true');
  await expect(scanned).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('selection-text')).toHaveText('Scanned delivery note 2291');
  await expect(page.getByTestId('selection-page')).toHaveText('2');
  await expect(page.getByTestId('selection-confidence')).toHaveText(/^OCR, lowest word confidence \d{1,3} %$/);

  // Word boxes: one per word, each with its confidence; a click on one selects its element.
  await page.getByTestId('toggle-atomic').check();
  const words = page.locator('[data-testid="page"][data-page="2"] [data-testid="atomic-box"][data-confidence]');
  await expect(words).toHaveCount(8);
  await expect(words.first()).toHaveAttribute('title', /^"Scanned": OCR confidence \d{1,3} %$/);
  await words.last().click();
  await expect(page.getByTestId('selection-text')).toHaveText('Signed by the driver');

  // The structure tree says it too.
  await page.getByTestId('tab-structure').click();
  await expect(page.locator('[data-testid="tree-node"][data-type="page"][data-page="2"] [data-testid="tree-ocr"]')).toHaveText(
    '· read by OCR (English)',
  );
  await expect(page.locator('[data-testid="tree-node"][data-type="page"][data-page="1"] [data-testid="tree-ocr"]')).toHaveCount(0);
  void preview;
});

test('an image is read offline by OCR as a page of its own', async ({ page, preview }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  const note = { name: 'note.png', bytes: scanPng(letterScan(['Meeting moved to Thursday', 'Room 4B at noon'])) };
  await page.getByTestId('open-file').setInputFiles(await onDisk(note));
  await expect(page.getByTestId('page-count')).toHaveText('of 1');
  await page.getByTestId('engine').selectOption('local');
  await page.getByTestId('run').click();

  const room = page.locator('[data-testid="md-node"]', { hasText: 'Room 4B at noon' });
  await expect(room).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('page-ocr')).toHaveText('Page 1 was read by OCR (English); words are shown with their confidence');
  const id = await room.getAttribute('data-node-id');
  await page.locator(`[data-testid="box"][data-node-id="${id}"]`).click();
  await expect(page.getByTestId('selection-text')).toHaveText('Room 4B at noon');
  void preview;
});
