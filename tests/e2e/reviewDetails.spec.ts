import { readFile } from 'node:fs/promises';
import { expect, test, addEmulatorV2Key } from './fixtures.js';

test('line boxes on demand, and any result exports as its JSON', async ({ page, preview }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await expect(page.getByTestId('atomic-box')).toHaveCount(0);
  await page.getByTestId('toggle-atomic').check();
  expect(await page.getByTestId('atomic-box').count()).toBeGreaterThan(await page.locator('[data-testid="box"][data-type="text"]').count());

  const download = page.waitForEvent('download');
  await page.getByTestId('export-result').click();
  const exported = JSON.parse(await readFile((await (await download).path())!, 'utf8'));
  expect(exported.markdown).toContain('Invoice number: INV-2024-0042');
  expect(exported.metadata.version).toMatch(/^local-pdfjs-/);
  void preview;
});

test("a field's exact characters are marked inside its rendered block", async ({ page, preview }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('extractor').selectOption('local');
  await page.getByTestId('extract-run').click();
  await page.locator('[data-testid="field"][data-field="invoice_number"]').click();
  const marked = await page.evaluate(() => {
    const highlights = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights;
    return [...(highlights.get('groundwork-exact') ?? [])].map((r) => r.toString());
  });
  expect(marked).toEqual(['INV-2024-0042']);
  void preview;
});

test('a 206 with failed pages marks them on the page, in the Markdown and in the tree', async ({ page, preview, emulator }) => {
  await addEmulatorV2Key(page, emulator);
  await page.getByTestId('open-file').setInputFiles('resources/samples/report.pdf');
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await fetch(`${emulator.url}/__control/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fault: { kind: 'failPages', pages: [2] } }),
  });
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('partial');
  await expect(page.locator('[data-testid="page"][data-page="2"] [data-testid="page-flag"]')).toContainText('failed');
  await expect(page.locator('[data-testid="page"][data-page="1"] [data-testid="page-flag"]')).toHaveCount(0);
  await expect(page.locator('.md-page-break.failed')).toHaveCount(1);
  await page.getByTestId('tab-structure').click();
  await expect(page.locator('[data-testid="tree-node"][data-node-id="page-2"]')).toContainText('failed');
  void preview;
});

test('Raw Markdown survives selection after selection, and unticking it after one', async ({ page, preview }) => {
  // Its scroll-into-view effect once returned what scrollIntoView returns (a Promise in current
  // Chromium), which React then called as a cleanup: the crash screen on the second selection.
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('md-raw-toggle').check();
  const boxes = page.locator('[data-testid="box"]');
  for (const index of [0, 1, 2, 0]) {
    await boxes.nth(index).click();
    await expect(page.getByTestId('md-raw-selected')).toBeVisible();
  }
  await page.getByTestId('md-raw-toggle').uncheck();
  await boxes.nth(1).click();
  await expect(page.getByTestId('crash-screen')).toHaveCount(0);
  expect(crashes).toEqual([]);
  void preview;
});
