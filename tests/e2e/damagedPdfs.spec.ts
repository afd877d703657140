import { damagedPdfs } from '../support/damagedPdfs.js';
import { expect, test } from './fixtures.js';
import { filesOnDisk } from './filesOnDisk.js';

// PDFs every viewer opens despite their damage open here too: the damage is said with the
// document while it is open, and the offline engine reads every page.
const onDisk = filesOnDisk('damaged');

const cases = [
  { make: () => damagedPdfs.withoutEof(3), code: 'truncated_pdf', says: 'cut short', pages: 3 },
  { make: () => damagedPdfs.junkBeforeHeader(2), code: 'junk_before_header', says: 'before its PDF header', pages: 2 },
  { make: () => damagedPdfs.withoutHeader(2), code: 'no_pdf_header', says: 'no PDF header', pages: 2 },
];

test('damaged PDFs open with their warning and parse offline, page by page', async ({ page, preview }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the first-run sample
  await expect(page.getByTestId('document-warnings')).toHaveCount(0);
  for (const { make, code, says, pages } of cases) {
    await page.getByTestId('open-file').setInputFiles(await onDisk(await make()));
    await expect(page.getByTestId('page-count')).toHaveText(`of ${pages}`);
    const warning = page.getByTestId('document-warnings').locator('li');
    await expect(warning).toHaveAttribute('data-code', code);
    await expect(warning).toContainText(says);
    await expect(page.getByTestId('error')).toHaveCount(0);

    await page.getByTestId('engine').selectOption('local');
    await page.getByTestId('run').click();
    await expect(page.locator('.status-result')).toContainText('local');
    await expect(page.locator('[data-testid="page"]')).toHaveCount(pages);
    await expect(page.getByText(`page ${pages}: Total: ${pages * 100}.00`).first()).toBeVisible();
    // The warning stays with the document after the run.
    await expect(warning).toHaveAttribute('data-code', code);
  }
  void preview;
});
