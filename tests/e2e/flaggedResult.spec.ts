import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './fixtures.js';

/**
 * The trust check "fuzzed results", in the window: what the loaders flag, the reviewer sees. A result whose ranges
 * run past the Markdown and whose boxes leave the page, with an extraction pointing past the
 * end, opens without an error and says what is wrong next to each of those parts.
 */
async function flaggedFiles() {
  const dir = await mkdtemp(join(tmpdir(), 'groundwork-flagged-'));
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]);
  const markdown = 'Invoice 😀\n\nTotal: 12\n\nNotes';
  const length = Array.from(markdown).length;
  const box = { xmin: 0.1, ymin: 0.1, xmax: 0.5, ymax: 0.2 };
  const response = {
    markdown,
    metadata: { page_count: 1 },
    structure: {
      type: 'document',
      children: [
        {
          type: 'page',
          page: 1,
          children: [
            { id: 'good', type: 'text', grounding: { page: 1, range: { start: 0, end: 9 }, box } },
            {
              id: 'past-end',
              type: 'text',
              grounding: { page: 1, range: { start: 11, end: length + 500 }, box: { ...box, ymin: 0.3, ymax: 0.4 } },
            },
            {
              id: 'off-page',
              type: 'text',
              grounding: { page: 1, range: { start: length - 5, end: length }, box: { xmin: -0.5, ymin: 0.5, xmax: 1.7, ymax: 0.6 } },
            },
          ],
        },
      ],
    },
  };
  const extraction = {
    extraction: { total: '12', notes: 'Notes' },
    extraction_metadata: {
      total: { ranges: [{ start: 18, end: 20 }] },
      notes: {
        ranges: [
          { start: length + 100, end: length + 105 },
          { start: 'x', end: 2 },
        ],
      },
    },
    metadata: {},
  };
  const files = { pdf: join(dir, 'flagged.pdf'), parse: join(dir, 'flagged-parse.json'), extract: join(dir, 'flagged-extract.json') };
  await writeFile(files.pdf, await pdf.save());
  await writeFile(files.parse, JSON.stringify(response));
  await writeFile(files.extract, JSON.stringify(extraction));
  return files;
}

test('a result with out-of-bounds ranges and boxes opens, each questionable part labelled', async ({ page, preview }) => {
  const files = await flaggedFiles();
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.pdf, files.parse, files.extract]);
  await expect(page.locator('[data-testid="md-node"][data-node-id="good"]')).toContainText('Invoice');
  await expect(page.getByTestId('error')).toHaveCount(0);

  await expect(page.locator('[data-testid="md-node"][data-node-id="good"]')).not.toHaveAttribute('data-flagged', 'true');
  await expect(page.locator('.md-flags[data-node-id="past-end"]')).toHaveText(/range outside the Markdown/);
  await expect(page.locator('.md-flags[data-node-id="off-page"]')).toHaveText(/box invalid/);
  const offPage = page.locator('[data-testid="box"][data-node-id="off-page"]');
  await expect(offPage).toHaveAttribute('data-flagged', 'true');
  await expect(offPage).toHaveAttribute('title', /box invalid/);

  // The past-the-end range still selects what it can: the Markdown up to its end.
  await page.locator('[data-testid="md-node"][data-node-id="past-end"]').click();
  await expect(page.getByTestId('selection-text')).toHaveText('Total: 12\n\nNotes');

  const notes = page.locator('[data-testid="field"][data-field="notes"]');
  await expect(notes.locator('[data-testid="field-flag"][data-flag="range_out_of_bounds"]')).toHaveText(/range outside the Markdown/);
  await expect(notes.locator('[data-testid="field-flag"][data-flag="range_invalid"]')).toHaveText(/unreadable range/);
  await expect(page.locator('[data-testid="field"][data-field="total"] [data-testid="field-flag"]')).toHaveCount(0);
  void preview;
});
