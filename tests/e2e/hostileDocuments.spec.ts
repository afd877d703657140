import { hugePng, multiPageTiff } from '../support/hostileImages.js';
import { pdfBombs } from '../support/pdfBombs.js';
import { buildPdf } from '../support/pdfFixtures.js';
import { expect, test } from './fixtures.js';
import { filesOnDisk } from './filesOnDisk.js';

// Files that aim at a reader's limits get a bounded, explained outcome on screen, and the
// window goes on answering: the sample's box is still clickable after each.
const onDisk = filesOnDisk('hostile');

test('a PDF whose first page pdf.js cannot read shows the rest, and parses offline with that page failed', async ({ page, preview }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('open-file').setInputFiles(await onDisk(pdfBombs.deepObjects()));
  await expect(page.getByTestId('page-count')).toHaveText('of 2');
  await expect(page.locator('[data-testid="page"][data-page="1"] [data-testid="page-draw-error"]')).toContainText('cannot be drawn');
  await expect(page.getByTestId('error')).toHaveCount(0);
  await page.getByTestId('engine').selectOption('local');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('partial');
  await expect(page.getByText('The second page is fine').first()).toBeVisible();
  await expect(page.getByText(/Page 1 · failed/)).toBeVisible();
  void preview;
});

test('a 500-page TIFF and 41- and 400-megapixel PNGs open with what the viewer does said on screen, and the window answers while one decodes', async ({
  page,
  preview,
}) => {
  const sample = page.locator('[data-testid="library-document"][data-document-name="invoice.pdf"]');
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();

  await page.getByTestId('open-file').setInputFiles(await onDisk(multiPageTiff(500)));
  await expect(page.getByTestId('document-warnings').locator('li')).toHaveAttribute('data-code', 'tiff_pages');
  await expect(page.getByTestId('document-warnings')).toContainText('holds 500 pages; only the first is shown and read');
  await expect(page.getByTestId('page-draw-error')).toContainText('the viewer does not draw TIFF images');

  // Over 40 megapixels an image is drawn from a reduced copy decoded off the window's thread, scaled to the viewer's width, and said.
  await page.getByTestId('open-file').setInputFiles(await onDisk(hugePng(6_400)));
  await expect(page.getByTestId('page-count')).toHaveText('of 1');
  await expect(page.getByTestId('document-warnings')).toHaveCount(0);
  await expect(page.getByTestId('page-reduced')).toHaveText('41 megapixels: shown from a copy 4,096 pixels wide', { timeout: 30_000 });
  const image = page.locator('.page-image');
  expect((await image.boundingBox())?.width).toBeLessThan(2_000);

  // 400 megapixels take Chromium some 20 s to decode (1.6 GB as RGBA): the page says it is drawing,
  // and the impatient reviewer who goes back to the sample meanwhile finds the window answering.
  await page.getByTestId('open-file').setInputFiles(await onDisk(hugePng(20_000)));
  await expect(page.getByTestId('page-drawing')).toHaveText('Drawing this 400-megapixel image at a reduced size…');
  await sample.click();
  const box = page.locator('[data-testid="box"]').first();
  await box.click();
  await expect(box).toHaveAttribute('data-selected', 'true');
  void preview;
});

test('a page built to defeat recursion (a 30,000-line staircase) and text placed nowhere parse offline, page by page', async ({
  page,
  preview,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  const at = (x: number, y: number, text: string) => `1 0 0 1 ${x.toFixed(4)} ${y.toFixed(4)} Tm (${text}) Tj`;
  const steps = 30_000;
  // Each line overlaps the next across and sits just below it: every cut of the XY-cut takes off one line.
  const staircase = (font: string) =>
    `${font} 0.02 Tf\n${Array.from({ length: steps }, (_, i) => at(20 + i * (560 / steps), 790 - i * (780 / steps), String(i))).join('\n')}`;
  // "5 /X Td" (a name where a number belongs) leaves pdf.js's text position NaN.
  const nowhere = (font: string) => `${font} 12 Tf\n${at(50, 500, '')} 5 /X Td (Nowhere) Tj\n${at(50, 400, 'Somewhere on page two')}`;
  const bytes = await buildPdf([
    { texts: [{ text: 'Before the staircase', x: 50, y: 100, font: 'sans' }] },
    { ops: staircase },
    { ops: nowhere },
  ]);
  await page.getByTestId('open-file').setInputFiles(await onDisk({ name: 'staircase.pdf', bytes }));
  await expect(page.getByTestId('page-count')).toHaveText('of 3');
  await page.getByTestId('engine').selectOption('local');
  await page.getByTestId('run').click();
  // 30,000 lines take the engine a few seconds alone, over 10 beside another test worker.
  await expect(page.locator('.status-result')).toContainText('3 pages', { timeout: 30_000 });
  await expect(page.locator('.status-result')).not.toContainText('partial');
  // Page 3 follows 30,000 numbers in the Markdown: go there, the Markdown comes along.
  await page.getByTestId('page-input').fill('3');
  await expect(page.locator('[data-testid="md-node"][data-page="3"]').first()).toContainText('Somewhere on page two');
  await expect(page.getByTestId('error')).toHaveCount(0);
  void preview;
});
