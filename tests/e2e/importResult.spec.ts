import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { generateLargeDocument } from '../../bench/largeDocument/generate.js';
import { expect, test } from './fixtures.js';
import { codePoints as cp, onePageParse } from '../support/onePageParse.js';

/**
 * A hand-built v2 parse response whose Markdown mixes emoji, a ZWJ sequence, supplementary
 * CJK and combining marks before and inside the ranges, so any UTF-16 slip shows.
 */
function astralResult() {
  const blocks = [
    { id: 'title-0', type: 'title', text: '# Résumé 👩‍💻 of 𠀋𠀌', box: { xmin: 0.1, ymin: 0.05, xmax: 0.9, ymax: 0.1 } },
    { id: 'text-0', type: 'text', text: 'Paid 🇫🇷 €12 — naïve café', box: { xmin: 0.1, ymin: 0.2, xmax: 0.7, ymax: 0.25 } },
    { id: 'text-1', type: 'text', text: 'Total: 𝟙𝟚𝟛 units 😀', box: { xmin: 0.1, ymin: 0.3, xmax: 0.6, ymax: 0.35 } },
  ];
  let markdown = '<!-- page 1 -->\n\n';
  const children = blocks.map((block, i) => {
    if (i > 0) markdown += '\n\n';
    const start = cp(markdown);
    markdown += block.text;
    return { id: block.id, type: block.type, grounding: { page: 1, range: { start, end: cp(markdown) }, box: block.box }, children: [] };
  });
  const response = onePageParse(markdown, children, { job_id: 'parse-01hzyxwvutsrqpnmkjhgfedcba', billing: { total_credits: 3 } });
  const totalStart = cp(markdown.slice(0, markdown.indexOf('𝟙𝟚𝟛')));
  const extraction = {
    extraction: { total: '𝟙𝟚𝟛', note: 'naïve café' },
    extraction_metadata: {
      total: { ranges: [{ start: totalStart, end: totalStart + 3 }] },
      note: {
        ranges: [
          {
            start: cp(markdown.slice(0, markdown.indexOf('naïve'))),
            end: cp(markdown.slice(0, markdown.indexOf('naïve'))) + cp('naïve café'),
          },
        ],
      },
    },
    metadata: {
      doc_id: 'extract-01hzyxwvutsrqpnmkjhgfedcba',
      model_version: 'extract-20251024',
      range_units: 'unicode_codepoints',
      billing: { total_credits: 1 },
    },
  };
  return { response, extraction };
}

async function fixtureFiles() {
  const dir = await mkdtemp(join(tmpdir(), 'groundwork-import-'));
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]);
  const { response, extraction } = astralResult();
  const files = {
    pdf: join(dir, 'astral.pdf'),
    parse: join(dir, 'astral-parse.json'),
    extract: join(dir, 'astral-extract.json'),
    envelope: join(dir, 'job.json'),
    bogus: join(dir, 'schema.json'),
    array: join(dir, 'numbers.json'),
  };
  await writeFile(files.pdf, await pdf.save());
  await writeFile(files.parse, JSON.stringify(response));
  await writeFile(files.extract, JSON.stringify(extraction));
  await writeFile(
    files.envelope,
    JSON.stringify({
      job_id: 'parse-01hzyxwvutsrqpnmkjhgfedcbb',
      status: 'completed',
      created_at: null,
      completed_at: null,
      result: response,
    }),
  );
  await writeFile(files.bogus, JSON.stringify({ type: 'object', properties: {} }));
  await writeFile(files.array, '  [1, 2, 3]');
  return files;
}

test('import a result with astral characters and its document: every highlight is exact', async ({ page, preview }) => {
  const files = await fixtureFiles();
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.extract, files.pdf, files.parse]);
  await expect(page.locator('[data-testid="md-node"][data-node-id="title-0"]')).toContainText('Résumé');

  await page.locator('[data-testid="box"][data-node-id="text-1"]').click();
  await expect(page.getByTestId('selection-text')).toHaveText('Total: 𝟙𝟚𝟛 units 😀');
  await expect(page.locator('[data-testid="md-node"][data-node-id="text-1"]')).toHaveAttribute('data-selected', 'true');
  await page.locator('[data-testid="md-node"][data-node-id="title-0"]').click();
  await expect(page.getByTestId('selection-text')).toHaveText('# Résumé 👩‍💻 of 𠀋𠀌');

  const total = page.locator('[data-testid="field"][data-field="total"]');
  await total.click();
  await expect(page.getByTestId('selection-text')).toHaveText('𝟙𝟚𝟛');
  await expect(page.locator('[data-testid="box"][data-node-id="text-1"]')).toHaveAttribute('data-selected', 'true');
  await page.locator('[data-testid="field"][data-field="note"]').click();
  await expect(page.getByTestId('selection-text')).toHaveText('naïve café');
  await page.getByTestId('md-raw-toggle').check();
  await expect(page.getByTestId('md-raw-selected')).toHaveText('naïve café');
  void preview;
});

test('a job envelope imports too; a JSON of another shape is refused, naming what was expected', async ({ page, preview }) => {
  const files = await fixtureFiles();
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.pdf, files.envelope]);
  await expect(page.locator('[data-testid="md-node"][data-node-id="text-0"]')).toContainText('naïve café');
  await expect(page.locator('.status-result')).toContainText('import · dpt-3-pro-20251103');

  await page.getByTestId('import-result').setInputFiles([files.pdf, files.bogus]);
  const error = page.getByTestId('error').first();
  await expect(error).toHaveAttribute('data-code', 'unknown_result_shape');
  await expect(error).toContainText('v2 parse response');

  // JSON of another kind (an array) is refused as a result too, not as a document format.
  await page.getByTestId('import-result').setInputFiles([files.array]);
  await expect(error).toHaveAttribute('data-code', 'unknown_result_shape');
  await expect(error).toContainText('"numbers.json"');
  void preview;
});

test('service Markdown is sanitized before it becomes DOM', async ({ page, preview }) => {
  const dir = await mkdtemp(join(tmpdir(), 'groundwork-xss-'));
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const hostile = [
    '<img src=x onerror="window.__pwned = 1">',
    '<script>window.__pwned = 2</script>',
    '[click](javascript:window.__pwned=3)',
    '<a href="https://example.com/ok" onclick="window.__pwned=4">fine link</a>',
    '<iframe src="https://example.com"></iframe><form action="https://x"><input name=a></form>',
    '<table><tr><td colspan="2" style="background:url(javascript:1)">cell</td></tr></table>',
  ];
  let markdown = '';
  const children = hostile.map((text, i) => {
    if (i > 0) markdown += '\n\n';
    const start = Array.from(markdown).length;
    markdown += text;
    return {
      id: `text-${i}`,
      type: 'text',
      grounding: {
        page: 1,
        range: { start, end: Array.from(markdown).length },
        box: { xmin: 0.1, ymin: 0.1 * i, xmax: 0.9, ymax: 0.1 * i + 0.05 },
      },
    };
  });
  const result = { markdown, metadata: {}, structure: { type: 'document', children: [{ type: 'page', page: 1, status: 'ok', children }] } };
  await writeFile(join(dir, 'hostile.pdf'), await pdf.save());
  await writeFile(join(dir, 'hostile.json'), JSON.stringify(result));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([join(dir, 'hostile.pdf'), join(dir, 'hostile.json')]);
  await expect(page.locator('[data-testid="md-node"][data-node-id="text-3"]')).toContainText('fine link');
  await page.waitForTimeout(300);

  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  const panel = page.locator('.md-rendered');
  await expect(panel.locator('[data-testid="md-node"]')).toHaveCount(6);
  await expect(panel.locator('[data-testid="md-node"] :is(script, iframe, form, input, img, [onerror], [onclick], [style])')).toHaveCount(
    0,
  );
  await expect(panel.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(panel.locator('a[href="https://example.com/ok"]')).toHaveAttribute('rel', 'noreferrer noopener');
  await expect(panel.locator('td[colspan="2"]')).toHaveText('cell');
  void preview;
});

test("another document's result imported onto the open one is refused, saying why, and nothing is stored", async ({ page, preview }) => {
  const report = await generateLargeDocument(60, await mkdtemp(join(tmpdir(), 'groundwork-import-other-')));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the one-page sample invoice
  const invoice = page.getByTestId('library-entry').filter({ has: page.locator('[data-document-name="invoice.pdf"]') });
  await expect(invoice.getByTestId('library-result')).toHaveCount(1);

  await page.getByTestId('import-result').setInputFiles([report.parse]);
  const error = page.getByTestId('error').first();
  await expect(error).toHaveAttribute('data-code', 'page_count_mismatch');
  await expect(error).toContainText('reaches page 60, but "invoice.pdf" has 1 page');
  await expect(error).toContainText('Open the document the result was made from');
  await expect(invoice.getByTestId('library-result')).toHaveCount(1);
  await expect(page.getByTestId('page-count')).toHaveText('of 1');
  void preview;
});
