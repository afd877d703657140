import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateLargeDocument } from '../../bench/largeDocument/generate.js';
import { expect, test } from './fixtures.js';

test.describe.configure({ timeout: 120_000 });

/** Dark pixels in a page's canvas: a page drawn with its text has thousands, a blank one none. */
async function inkOn(page: Page, pageNumber: number): Promise<number> {
  return page.evaluate((n) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="page"][data-page="${n}"] canvas[data-rendered="true"]`);
    if (!canvas || canvas.width === 0) return 0;
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
    return dark;
  }, pageNumber);
}

test('pages draw with their text again after pdf.js has let go of the pages drawn before (every 20 pages)', async ({ page, preview }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const big = await generateLargeDocument(60, await mkdtemp(join(tmpdir(), 'groundwork-release-')));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([big.pdf, big.parse]);
  await expect(page.getByTestId('page-count')).toHaveText('of 60');
  await expect.poll(() => inkOn(page, 1)).toBeGreaterThan(1000);

  // Each page in turn, through the page box, waited for until drawn: 60 drawings, so pdf.js lets go at least twice.
  const pageBox = page.getByTestId('page-input');
  for (let n = 2; n <= 60; n++) {
    await pageBox.fill(String(n));
    await expect(page.locator(`[data-testid="page"][data-page="${n}"] canvas[data-rendered="true"]`)).toHaveCount(1);
  }
  // Back to pages whose fonts and objects pdf.js has given up: drawn again, text and all.
  for (const n of [1, 30]) {
    await pageBox.fill(String(n));
    await expect.poll(() => inkOn(page, n)).toBeGreaterThan(1000);
  }
  await expect(page.getByTestId('page-draw-error')).toHaveCount(0);
  expect(errors).toEqual([]);
  void preview;
});
