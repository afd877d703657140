import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLargeDocument } from '../../bench/largeDocument/generate.js';
import { fieldRowAt } from '../support/fieldRows.js';
import { expect, test } from './fixtures.js';

// The benchmark's document, 80 pages of it (about 4,900 nodes): enough that the Markdown and
// structure panels only mount what is near the viewport and far pages give back their canvas.
test.describe.configure({ timeout: 120_000 });

test('virtual panels select and scroll to the right node; released pages redraw their boxes', async ({ page, preview }) => {
  const files = await generateLargeDocument(80, await mkdtemp(join(tmpdir(), 'groundwork-big-')));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.pdf, files.parse, files.extract]);
  await expect(page.getByTestId('page-count')).toHaveText('of 80');

  // Only a window of the 4,900 blocks is in the DOM (once the result's Markdown is drawn: the
  // page count comes with the PDF, which can be first).
  await expect(page.locator('[data-testid="md-node"]').first()).toBeVisible();
  const mounted = await page.locator('[data-testid="md-node"]').count();
  expect(mounted).toBeGreaterThan(5);
  expect(mounted).toBeLessThan(400);
  // And of the 80 pages: those around the view, spacers for the rest.
  const pagesMounted = await page.locator('[data-testid="page"]').count();
  expect(pagesMounted).toBeGreaterThan(1);
  expect(pagesMounted).toBeLessThan(30);

  // A field near the end: the Markdown panel scrolls to its block, the viewer to its page.
  const field = await fieldRowAt(page, 190);
  const expected = (await field.locator('.field-value').textContent())!;
  await field.click();
  await expect(page.getByTestId('selection-text')).toHaveText(expected);
  const pageNumber = Number(await page.getByTestId('selection-page').textContent());
  expect(pageNumber).toBeGreaterThan(70);
  const block = page.locator('[data-testid="md-node"][data-selected="true"]');
  await expect(block).toBeInViewport();
  await expect(block).toContainText(expected);
  await expect(page.locator(`[data-testid="page"][data-page="${pageNumber}"] .box-field`)).toBeInViewport();

  // A box on that far page selects its block, which the panel brings into view.
  const box = page.locator(`[data-testid="page"][data-page="${pageNumber}"] [data-testid="box"][data-type="heading"]`);
  await box.click();
  const id = await box.getAttribute('data-node-id');
  await expect(page.locator(`[data-testid="md-node"][data-node-id="${id}"]`)).toBeInViewport();
  await expect(page.getByTestId('selection-text')).toContainText('## Section');

  // The structure tree (virtual too) shows and scrolls to the selected row.
  await page.getByTestId('tab-structure').click();
  await expect(page.locator(`[data-testid="tree-node"][data-node-id="${id}"]`)).toBeInViewport();
  await expect(page.locator(`[data-testid="tree-node"][data-node-id="${id}"]`)).toHaveAttribute('data-selected', 'true');

  // Page 1 was let go while we were at the end (not even its placeholder is mounted) and comes back drawn, boxes and all.
  const first = page.locator('[data-testid="page"][data-page="1"]');
  await expect(first).toHaveCount(0);
  await page.getByTestId('page-input').fill('1');
  await expect(first.locator('canvas[data-rendered="true"]')).toBeVisible();
  await expect(first.locator('[data-testid="box"][data-type="heading"]')).toHaveCount(1);
  await first.locator('[data-testid="box"][data-type="heading"]').click();
  await expect(page.getByTestId('selection-page')).toHaveText('1');
  void preview;
});
