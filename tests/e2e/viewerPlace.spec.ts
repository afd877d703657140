import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateLargeDocument } from '../../bench/largeDocument/generate.js';
import { expect, test } from './fixtures.js';

/** The generated 60-page document and its parse, imported once the sample is shown; its files. */
async function importSixtyPages(page: Page) {
  const files = await generateLargeDocument(60, await mkdtemp(join(tmpdir(), 'groundwork-place-')));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.pdf, files.parse]);
  await expect(page.getByTestId('page-count')).toHaveText('of 60');
  return files;
}

/** How far page `n`'s top is below the top of the page view, px (negative: above it). */
async function pageOffset(page: Page, n: number): Promise<number> {
  return page.evaluate((n) => {
    const view = document.querySelector('[data-testid="viewer"]')!.getBoundingClientRect();
    const element = document.querySelector(`[data-testid="page"][data-page="${n}"]`)!.getBoundingClientRect();
    return element.top - view.top;
  }, n);
}

test('the reviewer keeps their place when the zoom changes or the window is resized', async ({ page, preview }) => {
  await importSixtyPages(page);

  // A page typed as a fraction goes to the nearest whole page, and the box says which.
  await page.getByTestId('page-input').fill('2.5');
  await expect(page.getByTestId('page-input')).toHaveValue('3');
  await expect(page.locator('[data-testid="page"][data-page="3"] canvas[data-rendered="true"]')).toBeInViewport();

  await page.getByTestId('page-input').fill('40');
  await expect(page.locator('[data-testid="page"][data-page="40"] canvas[data-rendered="true"]')).toBeVisible();
  const at = await pageOffset(page, 40);
  expect(Math.abs(at)).toBeLessThan(20);

  // Smaller pages make a shorter column: the scroll, cut to its new end, used to land on the last pages.
  for (const zoom of ['50', '200', 'fit-page', 'fit-width']) {
    await page.getByTestId('zoom').selectOption(zoom);
    await expect.poll(() => pageOffset(page, 40), { message: `zoom ${zoom}` }).toBeGreaterThan(at - 20);
    expect(await pageOffset(page, 40), `zoom ${zoom}`).toBeLessThan(at + 20);
    await expect(page.locator('[data-testid="page"][data-page="40"] canvas[data-rendered="true"]')).toBeInViewport();
  }

  // A narrower window (fit width): every page shrinks, page 40 stays on top.
  await page.setViewportSize({ width: 1000, height: 640 });
  await expect.poll(() => pageOffset(page, 40)).toBeGreaterThan(at - 20);
  expect(await pageOffset(page, 40)).toBeLessThan(at + 20);
  await expect(page.getByTestId('page-input')).toHaveValue('40');
  void preview;
});

test('a page asked for while the pages resize is the page shown: the resize keeps the new place, not the one before', async ({
  page,
  preview,
}) => {
  await importSixtyPages(page);
  await expect(page.locator('[data-testid="page"][data-page="1"] canvas[data-rendered="true"]')).toBeVisible();

  // The page view narrows (fit width: every page resizes). Right after the app hears of it and
  // before it has drawn the new sizes, page 30 is asked for: the new sizes come before the scroll
  // event of that jump, as they did when the scroll bar appeared as a document's pages first showed.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const view = document.querySelector<HTMLElement>('[data-testid="viewer"]')!;
        const input = document.querySelector<HTMLInputElement>('[data-testid="page-input"]')!;
        // Observers are told in the order they were made: this one after the app's own.
        const observer = new ResizeObserver(() => {
          observer.disconnect();
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '30');
          input.dispatchEvent(new Event('input', { bubbles: true }));
          resolve();
        });
        observer.observe(view);
        view.style.width = `${view.clientWidth - 120}px`;
      }),
  );
  await expect(page.locator('[data-testid="page"][data-page="30"] canvas[data-rendered="true"]')).toBeInViewport();
  expect(Math.abs(await pageOffset(page, 30))).toBeLessThan(40);
  await expect(page.getByTestId('page-input')).toHaveValue('30');
  void preview;
});

test('a comparison shown over the workspace and closed leaves the page, the Markdown and the library as they were', async ({
  page,
  preview,
}) => {
  const files = await importSixtyPages(page);
  // A second run of the same document to compare with.
  await page.getByTestId('import-result').setInputFiles([files.parse]);
  const compareWith = page.getByTestId('compare-with');
  await expect(compareWith.locator('option')).toHaveCount(2);

  await page.getByTestId('page-input').fill('40');
  await expect(page.locator('[data-testid="page"][data-page="40"] canvas[data-rendered="true"]')).toBeInViewport();
  const pageBlocks = page.locator('[data-testid="md-node"][data-page="40"]');
  await expect(pageBlocks.first()).toBeInViewport();
  const documents = page.getByTestId('library-document');
  await expect(documents).toHaveCount(2);

  // Hidden under the comparison, the lists and the page view measured nothing (0 px): they used to
  // come back with a window worked out from that, one library entry and one Markdown block.
  await compareWith.selectOption({ index: 1 });
  await expect(page.getByTestId('compare-view')).toBeVisible();
  await page.getByTestId('compare-close').click();
  await expect(page.getByTestId('compare-view')).toBeHidden();

  await expect(documents).toHaveCount(2);
  await expect(pageBlocks.first()).toBeInViewport();
  expect(await page.locator('[data-testid="md-node"]').count()).toBeGreaterThan(5);
  await expect(page.getByTestId('page-input')).toHaveValue('40');
  await expect(page.locator('[data-testid="page"][data-page="40"] canvas[data-rendered="true"]')).toBeInViewport();
  expect(Math.abs(await pageOffset(page, 40))).toBeLessThan(20);
  void preview;
});
