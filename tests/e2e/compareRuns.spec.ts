import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLargeDocument } from '../../bench/largeDocument/generate.js';
import { lineItem, lineItemsDocument } from './lineItems.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';
import { INVOICE_SCHEMA } from './invoiceSchema.js';

/** The offline extractor's schema: total read as a number, no due date, a PO number the invoice does not have. */
const OFFLINE_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'Invoice number' },
    total: { type: 'number', description: 'Total' },
    po_number: { type: 'string', description: 'PO number' },
  },
};

test('compare two runs of one document: fields side by side, both sides grounded, keyboard, blocks; two documents refused', async ({
  page,
  preview,
  emulator,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the sample invoice, parsed offline
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('parse · dpt-3-pro');

  // Extraction A: the cloud extractor (emulator). Extraction B: the offline heuristic, another schema.
  await page.getByTestId('schema-input').fill(JSON.stringify(INVOICE_SCHEMA));
  await page.getByTestId('extractor').selectOption('extract');
  await page.getByTestId('extract-run').click();
  await expect(page.locator('[data-testid="field"][data-field="total"]')).toContainText('$1,242.00');
  await page.locator('.schema-editor > summary').click(); // folded once fields are shown
  await page.getByTestId('schema-input').fill(JSON.stringify(OFFLINE_SCHEMA));
  await page.getByTestId('extractor').selectOption('local');
  await page.getByTestId('extract-run').click();
  await expect(page.locator('[data-testid="field"][data-field="po_number"]')).toBeVisible();

  // "Compare with…" on the open (offline) extraction: the cloud one is the only other extraction.
  const compareWith = page.getByTestId('compare-with');
  await expect(compareWith.locator('option')).toHaveCount(2);
  await compareWith.selectOption({ index: 1 });
  const view = page.getByTestId('compare-view');
  await expect(view).toBeVisible();
  await expect(page.getByTestId('compare-summary')).toHaveText('3 of 4 fields differ (1 changed, 1 only in A, 1 only in B)');

  // The differing field first, with both values; then what vanished and appeared; the equal one folded away.
  const rows = page.getByTestId('compare-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute('data-key', 'total');
  await expect(rows.nth(0)).toHaveAttribute('data-status', 'differs');
  await expect(rows.nth(0).getByTestId('compare-value-a')).toHaveText('A 1242');
  await expect(rows.nth(0).getByTestId('compare-value-b')).toHaveText('B $1,242.00');
  await expect(rows.nth(1)).toHaveAttribute('data-key', 'po_number');
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'only_a');
  await expect(rows.nth(2)).toHaveAttribute('data-key', 'due_date');
  await expect(rows.nth(2).getByTestId('compare-value-a')).toHaveText('A absent');

  // Clicking the differing field marks its range and box in both runs.
  await rows.nth(0).click();
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('compare-range-a')).toHaveText('$1,242.00');
  await expect(page.getByTestId('compare-range-b')).toHaveText('$1,242.00');
  await expect(page.getByTestId('compare-side-a').getByTestId('compare-box')).not.toHaveCount(0);
  await expect(page.getByTestId('compare-side-b').getByTestId('compare-box')).not.toHaveCount(0);
  await expect(page.getByTestId('compare-page-number')).toHaveText('Page 1 of 1');

  // Keyboard: ↓ to the due date (only in B: A says so, B marks it), k back up, Esc closes.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('compare-excerpt-a')).toHaveText('Not in this run.');
  await expect(page.getByTestId('compare-range-b')).toHaveText('2024-04-14');
  await expect(page.getByTestId('compare-side-a').getByTestId('compare-box')).toHaveCount(0);
  await expect(page.getByTestId('compare-side-b').getByTestId('compare-box')).not.toHaveCount(0);
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('compare-show-same').click();
  await expect(page.locator('[data-testid="compare-row"][data-key="invoice_number"]')).toHaveAttribute('data-status', 'same');
  await page.screenshot({ path: test.info().outputPath('compare-fields.png') });
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();

  // Two parse results (offline engine vs the emulator), picked in the library.
  const invoice = page.getByTestId('library-entry').filter({ has: page.locator('[data-document-name="invoice.pdf"]') });
  await invoice.locator('.library-result-row').filter({ hasText: 'parse · local' }).getByTestId('library-compare-pick').click();
  await expect(page.getByTestId('library-compare-run')).toBeDisabled();
  await invoice.locator('.library-result-row').filter({ hasText: 'parse · dpt-3-pro' }).getByTestId('library-compare-pick').click();
  await page.getByTestId('library-compare-run').click();
  await expect(view).toBeVisible();
  const summary = (await page.getByTestId('compare-summary').textContent()) ?? '';
  const counted = /^(\d+) of (\d+) blocks? changed \((\d+) changed, (\d+) only in A, (\d+) only in B\)$/.exec(summary);
  expect(counted, summary).not.toBeNull();
  const [, differing, total, changed] = counted!.map(Number);
  // The list holds exactly the blocks the summary counts; each changed one is marked on its page in both runs.
  await expect(rows).toHaveCount(differing!);
  await page.getByTestId('compare-show-same').click();
  await expect(rows).toHaveCount(total!);
  expect(changed).toBeGreaterThan(0);
  await page.locator('[data-testid="compare-row"][data-status="changed"]').first().click();
  await expect(page.getByTestId('compare-side-a').getByTestId('compare-mark')).not.toHaveCount(0);
  await expect(page.getByTestId('compare-side-b').getByTestId('compare-mark')).not.toHaveCount(0);
  await expect(page.getByTestId('compare-side-a').getByTestId('compare-box')).toHaveCount(1);
  await expect(page.getByTestId('compare-side-b').getByTestId('compare-box')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('compare-blocks.png') });

  // A document opened while the comparison is shown: the comparison closes, the document is in view.
  await page.getByTestId('engine').selectOption('local');
  await page.getByTestId('open-file').setInputFiles('resources/samples/report.pdf');
  await expect(view).toBeHidden();
  await expect(page.getByTestId('page-count')).toBeVisible();
  await expect(page.getByTestId('page-count')).toHaveText('of 4');

  // Results of two different documents: refused, saying why.
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('parse · local');
  const report = page.getByTestId('library-entry').filter({ has: page.locator('[data-document-name="report.pdf"]') });
  await report.getByTestId('library-compare-pick').first().click();
  await invoice.locator('.library-result-row').filter({ hasText: 'parse · local' }).getByTestId('library-compare-pick').click();
  await page.getByTestId('library-compare-run').click();
  const refusal = page.locator('[data-testid="error"][data-code="compare_different_documents"]');
  await expect(refusal).toContainText('These results are of two different documents (“report.pdf” and “invoice.pdf”)');
  await expect(refusal).toContainText('Pick two results listed under the same document.');
  await expect(view).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('compare-refused.png') });
  void preview;
});

test('compare two extractions whose B has an extra first line item: one item only in B, the rest paired; each side lights its own item', async ({
  page,
  preview,
}) => {
  // Two extractions of one generated document: B's line items are A's with one more in front.
  const dir = await mkdtemp(join(tmpdir(), 'groundwork-items-'));
  const files = await generateLargeDocument(30, dir);
  const generated = JSON.parse(await readFile(files.extract, 'utf8')) as {
    extraction: Record<string, string>;
    extraction_metadata: Record<string, unknown>;
    metadata: Record<string, unknown>;
  };
  const names = Object.keys(generated.extraction).slice(0, 8);
  const itemOf = (k: number) => ({ description: generated.extraction[names[2 * k]!], code: generated.extraction[names[2 * k + 1]!] });
  const metaOf = (k: number) => ({
    description: generated.extraction_metadata[names[2 * k]!],
    code: generated.extraction_metadata[names[2 * k + 1]!],
  });
  const write = async (name: string, items: number[]) => {
    const path = join(dir, name);
    await writeFile(
      path,
      JSON.stringify({
        extraction: { line_items: items.map(itemOf) },
        extraction_metadata: { line_items: items.map(metaOf) },
        metadata: generated.metadata,
      }),
    );
    return path;
  };
  // Imported in this order, the plain one is open last: "Compare with…" makes the open one A.
  const withExtra = await write('items-extra.json', [0, 1, 2, 3]);
  const plain = await write('items-plain.json', [1, 2, 3]);

  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.pdf, files.parse, withExtra]);
  await expect(page.locator('[data-testid="field"][data-field="line_items[3].code"]')).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([plain]);
  await expect(page.locator('[data-testid="field"][data-field="line_items[3].code"]')).toBeHidden();

  const compareWith = page.getByTestId('compare-with');
  await expect(compareWith.locator('option')).toHaveCount(2);
  await compareWith.selectOption({ index: 1 });
  // Not "8 changed": the extra item is one item only in B, every other item equal to its partner.
  await expect(page.getByTestId('compare-summary')).toHaveText(
    '2 of 8 fields differ (0 changed, 0 only in A, 2 only in B) · line_items: 1 item only in B',
  );
  const rows = page.getByTestId('compare-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-key', 'line_items[0].description');
  await expect(rows.nth(0)).toHaveAttribute('data-status', 'only_b');

  // A paired item: each side's own path and own range.
  await page.getByTestId('compare-show-same').click();
  const paired = page.locator('[data-testid="compare-row"][data-key="line_items[0].description ↔ line_items[1].description"]');
  await expect(paired).toHaveAttribute('data-status', 'same');
  await paired.click();
  await expect(page.getByTestId('compare-range-a')).toHaveText(itemOf(1).description!);
  await expect(page.getByTestId('compare-range-b')).toHaveText(itemOf(1).description!);
  await page.screenshot({ path: test.info().outputPath('C-compare-items.png') });
  void preview;
});

test('compare two extractions of 1,000 line items, one inserted in front and the last edited: one item only in B, one changed', async ({
  page,
  preview,
}) => {
  const { files, write } = await lineItemsDocument();
  const many = Array.from({ length: 1000 }, (_, k) => lineItem(k));
  const changed = await write('many-b.json', [lineItem(-1), ...many.slice(0, 999), { ...many[999]!, qty: '99' }]);
  const plain = await write('many-a.json', many);

  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.pdf, files.parse, changed]);
  // Three fields an item (the list draws only the rows near its view: counted by the list).
  await expect(page.getByTestId('fields')).toHaveAttribute('data-count', '3003');
  await page.getByTestId('import-result').setInputFiles([plain]);
  await expect(page.getByTestId('fields')).toHaveAttribute('data-count', '3000');

  // Chosen twice in a hurry: the second comparison is the one shown.
  const compareWith = page.getByTestId('compare-with');
  await compareWith.selectOption({ index: 1 });
  await compareWith.selectOption({ index: 1 }).catch(() => undefined);
  // Waited for with waitFor, not expect: while the summary is not there yet, each of expect's
  // tries takes an accessibility snapshot of the whole page on the window's thread, 6 s with
  // these 3,000 field rows, and a few of them beside another test worker outlasted 30 s in CI
  // (the comparison itself takes 0.5 s).
  await page.getByTestId('compare-summary').waitFor({ timeout: 30_000 });
  await expect(page.getByTestId('compare-summary')).toHaveText(
    '4 of 3003 fields differ (1 changed, 0 only in A, 3 only in B) · line_items: 1 item only in B',
  );
  await expect(page.getByTestId('compare-row')).toHaveCount(4);
  await page.screenshot({ path: test.info().outputPath('J-compare-many-items.png') });
  void preview;
});
