import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './fixtures.js';

// A result whose ranges are counted in another unit than code points opens: its Markdown
// whole, its boxes, its values; a notice says why nothing is linked, and nothing is highlighted.
test('a result with range_units other than code points is flagged, shown whole, and highlights nothing', async ({ page, preview }) => {
  const dir = await mkdtemp(join(tmpdir(), 'groundwork-units-'));
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]);
  const markdown = '😀😀 Invoice\n\nTotal: 12';
  const box = { xmin: 0.1, ymin: 0.1, xmax: 0.5, ymax: 0.2 };
  const parse = {
    markdown,
    metadata: { page_count: 1, range_units: 'utf16_code_units' },
    structure: {
      type: 'document',
      children: [
        { type: 'page', page: 1, children: [{ id: 'head', type: 'text', grounding: { page: 1, range: { start: 0, end: 12 }, box } }] },
      ],
    },
  };
  const extract = {
    extraction: { total: '12' },
    extraction_metadata: { total: { ranges: [{ start: 22, end: 24 }] } },
    metadata: { range_units: 'utf16_code_units' },
  };
  const files = [join(dir, 'units.pdf'), join(dir, 'units-parse.json'), join(dir, 'units-extract.json')] as const;
  await writeFile(files[0], await pdf.save());
  await writeFile(files[1], JSON.stringify(parse));
  await writeFile(files[2], JSON.stringify(extract));

  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([...files]);
  await expect(page.getByTestId('range-units-notice')).toContainText('utf16_code_units');
  await expect(page.getByTestId('md-raw-toggle')).toBeChecked();
  await expect(page.getByTestId('md-raw')).toContainText('Total: 12');
  await expect(page.locator('[data-testid="box"][data-node-id="head"]')).toBeVisible();
  const total = page.locator('[data-testid="field"][data-field="total"]');
  await expect(total).toContainText('12');
  await expect(total.locator('[data-testid="field-flag"][data-flag="range_units_unknown"]')).toBeVisible();
  await total.click();
  await expect(page.getByTestId('md-raw-selected')).toHaveCount(0);
  await expect(page.getByTestId('error')).toHaveCount(0);
  void preview;
});
