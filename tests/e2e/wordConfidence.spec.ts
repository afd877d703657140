import { writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { FIELDS, wordResults, wordsOf, type WordBox } from '../support/wordResults.js';
import { expect, test } from './fixtures.js';

// A word-level (`dpt-3-verity`) and a line-level (`dpt-3-pro`) result of a real PDF, with an
// extraction citing ranges, imported the way a user imports them.

type Box = WordBox['box'];

async function importResult(page: Page, model: 'verity' | 'pro') {
  const dir = await mkdtemp(join(tmpdir(), 'groundwork-words-'));
  const built = await wordResults(`Invoice (${model})`);
  const files = {
    pdf: join(dir, `invoice-${model}.pdf`),
    parse: join(dir, `invoice-${model}-parse.json`),
    extract: join(dir, `invoice-${model}-extract.json`),
  };
  await writeFile(files.pdf, built.pdf);
  await writeFile(files.parse, JSON.stringify(built[model]));
  await writeFile(files.extract, JSON.stringify(built.extraction));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.pdf, files.parse, files.extract]);
  await expect(page.locator('[data-testid="field"][data-field="total"]')).toBeVisible();
  await expect(page.locator('.status-result')).toContainText(`dpt-3-${model}-20251103`);
  return built;
}

/** The boxes' union as fractions of page 1. */
async function unionOnPage(page: Page, boxes: Locator): Promise<Box> {
  const pageBox = (await page.locator('[data-testid="page"][data-page="1"]').boundingBox())!;
  const all = await Promise.all((await boxes.all()).map(async (b) => (await b.boundingBox())!));
  expect(all.length).toBeGreaterThan(0);
  return {
    xmin: (Math.min(...all.map((b) => b.x)) - pageBox.x) / pageBox.width,
    ymin: (Math.min(...all.map((b) => b.y)) - pageBox.y) / pageBox.height,
    xmax: (Math.max(...all.map((b) => b.x + b.width)) - pageBox.x) / pageBox.width,
    ymax: (Math.max(...all.map((b) => b.y + b.height)) - pageBox.y) / pageBox.height,
  };
}

function union(boxes: Box[]): Box {
  return {
    xmin: Math.min(...boxes.map((b) => b.xmin)),
    ymin: Math.min(...boxes.map((b) => b.ymin)),
    xmax: Math.max(...boxes.map((b) => b.xmax)),
    ymax: Math.max(...boxes.map((b) => b.ymax)),
  };
}

/** Within 1% of the page on every side. */
function expectClose(actual: Box, expected: Box) {
  for (const side of ['xmin', 'ymin', 'xmax', 'ymax'] as const)
    expect(Math.abs(actual[side] - expected[side]), `${side}: ${actual[side]} vs ${expected[side]}`).toBeLessThan(0.01);
}

const fieldBoxes = (page: Page) => page.locator('[data-testid="page"][data-page="1"] [data-testid="field-box"]');

test('value-tight boxes: a field lights its words, the block stays a faint outline; the weakest word is named and outlined', async ({
  page,
  preview,
}) => {
  const built = await importResult(page, 'verity');

  // "1,293.20 USD" inside the two-line block "Total due: … / Thank you …".
  await page.locator('[data-testid="field"][data-field="total"]').click();
  await expect(page.getByTestId('selection-text')).toHaveText(FIELDS.total);
  const totalWords = wordsOf(built.words, FIELDS.total);
  expect(totalWords.map((w) => w.text)).toEqual(['1,293.20', 'USD']);
  await expect(fieldBoxes(page)).toHaveCount(2);
  expectClose(await unionOnPage(page, fieldBoxes(page)), union(totalWords.map((w) => w.box)));
  const block = page.locator('[data-testid="box"][data-node-id="text-1"]');
  await expect(block).toHaveAttribute('data-selected', 'true');
  await expect(block).toHaveAttribute('data-outline', 'true');
  // The lit value is far narrower than its block: the block is only context.
  const lit = await unionOnPage(page, fieldBoxes(page));
  const blockBox = await unionOnPage(page, block);
  expect(lit.xmax - lit.xmin).toBeLessThan((blockBox.xmax - blockBox.xmin) / 2);

  // The weakest word: named in the status bar and in the field's row, outlined on the page.
  await expect(page.getByTestId('selection-confidence')).toHaveText('Lowest word confidence 62 %');
  await expect(page.getByTestId('selection-weakest-word')).toHaveText('“1,293.20”');
  const weakest = page.locator('[data-testid="page"][data-page="1"] [data-testid="weakest-word"]');
  await expect(weakest).toHaveCount(1);
  expectClose(await unionOnPage(page, weakest), totalWords[0]!.box);
  const totalRow = page.locator('[data-testid="field"][data-field="total"]');
  await expect(totalRow.getByTestId('field-confidence')).toHaveAttribute(
    'title',
    'Weakest word "1,293.20": model confidence 62 %, below the 80 % mark',
  );
  await expect(totalRow.getByTestId('field-weakest-word')).toHaveText(
    'weakest word “1,293.20”, model confidence 62 % (outlined in red on the page)',
  );
  await expect(page.locator('.status-bar')).not.toContainText('OCR');

  // A value spread over three words of another line, in a three-line block.
  await page.locator('[data-testid="field"][data-field="vendor"]').click();
  const vendorWords = wordsOf(built.words, FIELDS.vendor);
  await expect(fieldBoxes(page)).toHaveCount(3);
  expectClose(await unionOnPage(page, fieldBoxes(page)), union(vendorWords.map((w) => w.box)));
  await expect(page.getByTestId('selection-weakest-word')).toHaveText('“Tools”');
  expectClose(await unionOnPage(page, weakest), vendorWords[1]!.box);

  // A block selected on the page carries its minimum; so do the tree's block and page rows.
  await page.locator('[data-testid="box"][data-node-id="text-0"]').click({ position: { x: 4, y: 4 } });
  await expect(page.getByTestId('selection-confidence')).toHaveText('Lowest word confidence 74 %');
  await expect(page.getByTestId('selection-weakest-word')).toHaveText('“2026-03-14”');
  await page.getByTestId('tab-structure').click();
  await expect(page.locator('[data-testid="tree-node"][data-node-id="text-0"] [data-testid="tree-confidence"]')).toHaveText('· ⚠ 74 %');
  await expect(page.locator('[data-testid="tree-node"][data-type="page"] [data-testid="tree-confidence"]')).toHaveText('· ⚠ 62 %');
  void preview;
});

test('low-confidence fields are marked at a remembered threshold and sort lowest first', async ({ page, preview }) => {
  await importResult(page, 'verity');
  const rows = page.locator('[data-testid="field"]');
  await expect(rows).toHaveCount(4);
  const low = page.locator('[data-testid="field"][data-low-confidence="true"]');

  // Default threshold 80 %: total (62 %) and date (74 %) are low; document order.
  await expect(page.getByTestId('confidence-threshold')).toHaveValue('80');
  await expect(low).toHaveCount(2);
  await expect(page.getByTestId('low-confidence-count')).toHaveText('2 fields below 80 %');
  await expect(page.locator('[data-testid="field"][data-field="date"] [data-testid="field-confidence"]')).toHaveText('⚠ 74 %');
  await expect(page.locator('[data-testid="field"][data-field="invoice_number"] [data-testid="field-confidence"]')).toHaveText('93 %');
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-field')))).toEqual([
    'invoice_number',
    'date',
    'vendor',
    'total',
  ]);

  await page.getByTestId('fields-sort').selectOption('confidence');
  await expect
    .poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-field'))))
    .toEqual(['total', 'date', 'vendor', 'invoice_number']);
  // The review keys follow the list as shown: n from nothing lands on its first row.
  await page.locator('body').press('n');
  await expect(page.locator('[data-testid="field"][data-selected="true"]')).toHaveAttribute('data-field', 'total');
  await expect(page.getByTestId('weakest-word')).toHaveCount(1);
  await page.getByTestId('zoom').selectOption('150');
  await page.locator('.viewer-scroll').evaluate((el) => el.scrollTo({ left: 0, top: 0 }));
  // A page wider than the viewer can be scrolled back to its left edge.
  const viewerLeft = (await page.locator('.viewer-scroll').boundingBox())!.x;
  expect((await page.locator('[data-testid="page"][data-page="1"]').boundingBox())!.x).toBeGreaterThanOrEqual(viewerLeft);
  await page.screenshot({ path: 'test-results/screens/verity-low-confidence.png' });
  if (process.env.GROUNDWORK_SCREENSHOT) await page.screenshot({ path: process.env.GROUNDWORK_SCREENSHOT });
  await page.locator('body').press('n');
  await expect(page.locator('[data-testid="field"][data-selected="true"]')).toHaveAttribute('data-field', 'date');

  await page.getByTestId('confidence-threshold').fill('70');
  await expect(low).toHaveCount(1);
  await expect(low).toHaveAttribute('data-field', 'total');

  // Both settings survive a reload.
  await page.reload();
  await page.locator('[data-testid="library-document"][data-document-name="invoice-verity.pdf"]').click();
  await expect(page.locator('[data-testid="field"]')).toHaveCount(4);
  await expect(page.getByTestId('confidence-threshold')).toHaveValue('70');
  await expect(page.getByTestId('fields-sort')).toHaveValue('confidence');
  await expect(page.locator('[data-testid="field"]').first()).toHaveAttribute('data-field', 'total');
  void preview;
});

test('a line-level result lights the lines of a value and says "no confidence from this model", never a percentage', async ({
  page,
  preview,
}) => {
  const built = await importResult(page, 'pro');
  await expect(page.getByTestId('fields-no-confidence')).toHaveText('no confidence from this model');
  await expect(page.getByTestId('field-confidence')).toHaveCount(0);
  await expect(page.locator('[data-testid="field"][data-low-confidence]')).toHaveCount(0);
  await expect(page.getByTestId('fields-sort')).toHaveCount(0);
  await expect(page.getByTestId('fields')).not.toContainText('%');

  await page.locator('[data-testid="field"][data-field="total"]').click();
  await expect(page.getByTestId('selection-no-confidence')).toHaveText('no confidence from this model');
  await expect(page.getByTestId('selection-confidence')).toHaveCount(0);
  await expect(page.getByTestId('weakest-word')).toHaveCount(0);
  await expect(page.locator('.status-bar')).not.toContainText('%');
  // The line "Total due: 1,293.20 USD" is lit, not its two-line block.
  await expect(fieldBoxes(page)).toHaveCount(1);
  const line = built.lines.find((l) => l.text.includes(FIELDS.total))!;
  expectClose(await unionOnPage(page, fieldBoxes(page)), line.box);
  await expect(page.locator('[data-testid="box"][data-node-id="text-1"]')).toHaveAttribute('data-outline', 'true');
  await page.screenshot({ path: 'test-results/screens/pro-no-confidence.png' });
  void preview;
});
