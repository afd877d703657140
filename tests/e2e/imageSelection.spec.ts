import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { whitePng } from '../support/png.js';
import { expect, test } from './fixtures.js';
import { onePageParse } from '../support/onePageParse.js';

// An image is one page: a selection whose box is below the fold scrolls the page view to it,
// as on a PDF page.
test('selecting a block near the bottom of a tall image scrolls its box into view', async ({ page, preview }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  const markdown = 'Top line\n\nBottom line';
  const block = (id: string, start: number, end: number, ymin: number) => ({
    id,
    type: 'text',
    grounding: { page: 1, range: { start, end }, box: { xmin: 0.1, ymin, xmax: 0.9, ymax: ymin + 0.03 } },
  });
  const result = onePageParse(markdown, [block('text-0', 0, 8, 0.02), block('text-1', 10, markdown.length, 0.95)]);
  const dir = await mkdtemp(join(tmpdir(), 'groundwork-tall-'));
  // Ten times taller than wide: at fit-width the bottom is far below the viewport.
  await writeFile(join(dir, 'tall.png'), whitePng(200, 2000));
  await writeFile(join(dir, 'tall.json'), JSON.stringify(result));
  await page.getByTestId('import-result').setInputFiles([join(dir, 'tall.png'), join(dir, 'tall.json')]);

  await expect(page.locator('[data-testid="page"][data-page="1"] img')).toBeVisible();
  const bottomBox = page.locator('[data-testid="page"][data-page="1"] [data-testid="box"][data-node-id="text-1"]');
  await expect(bottomBox).toHaveCount(1);
  await expect(bottomBox).not.toBeInViewport();
  await page.locator('[data-testid="md-node"][data-node-id="text-1"]').click();
  await expect(bottomBox).toHaveAttribute('data-selected', 'true');
  await expect(bottomBox).toBeInViewport();
  void preview;
});
