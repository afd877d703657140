import type { Page } from '@playwright/test';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

/** The Markdown block and the page box the selection lit, as the panels mark them. */
function selected(page: Page) {
  return {
    block: page.locator('[data-testid="md-node"][data-selected="true"]'),
    box: page.locator('[data-testid="box"][data-selected="true"]'),
  };
}

test('search the workspace: hits grouped by document open the right block or field, by mouse and by keyboard alone; a trashed result is not found', async ({
  page,
  preview,
}) => {
  // The sample invoice, parsed offline at first launch, with an offline extraction; then the report, parsed offline.
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('extractor').selectOption('local');
  await page.getByTestId('extract-run').click();
  await expect(page.locator('[data-testid="field"][data-field="invoice_number"]')).toBeVisible();
  await page.getByTestId('open-file').setInputFiles('resources/samples/report.pdf');
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('local');

  // Mouse: the button, a word only the invoice has; the hit opens the invoice with its block lit.
  await page.getByTestId('search-open').click();
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.getByTestId('search-input').fill('globex');
  const groups = page.getByTestId('search-group');
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toContainText('invoice.pdf');
  const block = page.locator('[data-testid="search-hit"][data-target="node"]').first();
  await expect(block.locator('mark')).toHaveText('Globex');
  await block.click();
  await expect(page.getByTestId('search-dialog')).not.toBeVisible();
  await expect(page.locator('.library-entry.active')).toContainText('invoice.pdf');
  const lit = selected(page);
  await expect(lit.block).toHaveCount(1);
  await expect(lit.block).toContainText('Globex Corporation');
  await expect(lit.box).toHaveCount(1);
  await expect(page.getByTestId('selection-text')).toContainText('Globex Corporation');
  await expect(page.getByTestId('selection-page')).toHaveText('1');

  // Keyboard alone: the shortcut, a word of the report on two pages, ↓ to the second hit, Enter.
  await page.keyboard.press('ControlOrMeta+Shift+F');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('warehouse');
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toContainText('report.pdf');
  await expect(groups.first().getByTestId('search-count')).toHaveText('2');
  const hits = page.getByTestId('search-hit');
  await expect(hits.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(hits.nth(1)).toHaveAttribute('aria-selected', 'true');
  if (process.env.GROUNDWORK_SHOTS) await page.screenshot({ path: `${process.env.GROUNDWORK_SHOTS}/search.png` });
  const chosen = await hits.nth(1).getAttribute('data-ref');
  await page.keyboard.press('Enter');
  await expect(page.locator('.library-entry.active')).toContainText('report.pdf');
  await expect(lit.block).toHaveAttribute('data-node-id', chosen!);
  await expect(lit.block).toContainText('warehouse');
  await expect(lit.box).toHaveCount(1);
  if (process.env.GROUNDWORK_SHOTS) await page.screenshot({ path: `${process.env.GROUNDWORK_SHOTS}/search-opened.png` });

  // An extracted value: the field hit opens the invoice's extraction with the field's exact characters lit.
  await page.keyboard.press('ControlOrMeta+Shift+F');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('INV-2024-0042');
  const field = page.locator('[data-testid="search-hit"][data-target="field"][data-ref="invoice_number"]');
  await expect(field).toBeVisible();
  await field.click();
  await expect(page.locator('.library-entry.active')).toContainText('invoice.pdf');
  await expect(page.getByTestId('selection-text')).toHaveText('INV-2024-0042');
  await expect(lit.box.first()).toBeVisible();
  const marked = await page.evaluate(() => {
    const highlights = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights;
    return [...(highlights.get('groundwork-exact') ?? [])].map((r) => r.toString());
  });
  expect(marked).toEqual(['INV-2024-0042']);

  // The report goes to the trash: its words are found no more.
  const report = page.getByTestId('library-entry').filter({ hasText: 'report.pdf' });
  await report.getByTestId('library-delete-document').click();
  await report.getByTestId('library-confirm-delete').click();
  await expect(report).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+Shift+F');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('warehouse');
  await expect(page.getByTestId('search-status')).toContainText('Nothing found for “warehouse”.');
  await expect(page.getByTestId('search-hit')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-dialog')).not.toBeVisible();
  void preview;
});

test('hits from two results of one document say which result each is from', async ({ page, preview, emulator }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await page.getByTestId('open-file').setInputFiles('resources/samples/report.pdf');
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('local');
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('parse · dpt-3-pro');

  await page.getByTestId('search-open').click();
  await page.getByTestId('search-input').fill('warehouse');
  const groups = page.getByTestId('search-group');
  await expect(groups).toHaveCount(1);
  await expect(groups.first().getByTestId('search-count')).toHaveText('4');
  const wheres = await page.getByTestId('search-where').allTextContents();
  expect(wheres.filter((w) => / · local · /.test(w))).toHaveLength(2);
  expect(wheres.filter((w) => / · parse · dpt-3-pro-\d+ · /.test(w))).toHaveLength(2);
  // One result's hits name no result: there is nothing to tell apart.
  await page.getByTestId('search-input').fill('globex');
  await expect(groups.first()).toContainText('invoice.pdf');
  for (const where of await page.getByTestId('search-where').allTextContents()) expect(where).not.toMatch(/ · local · /);
  void preview;
});
