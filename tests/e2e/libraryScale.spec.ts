import type { Page } from '@playwright/test';
import { rgbPng } from '../support/png.js';
import { invokeBridge, type RunningPreview } from '../support/preview.js';
import { expect, test } from './fixtures.js';

// A library of hundreds of documents is a virtual list: only the entries near the viewport
// are in the page, and every one is still reachable, by scrolling and by the filter.

const COUNT = 300;
/** Some names long enough to wrap, so the entries are not all one height. */
const nameOf = (i: number) =>
  i % 7 === 0
    ? `scan ${String(i).padStart(3, '0')} of the quarterly board minutes with every appendix attached.png`
    : `scan ${String(i).padStart(3, '0')}.png`;

/** Imports them all: their document ids, in the order of their names. */
async function importDocuments(preview: RunningPreview): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const bytes = Buffer.from(rgbPng(4 + i, 3)).toString('base64'); // distinct content, distinct documents
    ids.push((await invokeBridge(preview, 'documents:import', { name: nameOf(i), bytes: { $bytes: bytes } })).id);
  }
  return ids;
}

const shownNames = (page: Page) =>
  page.locator('[data-testid="library-document"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.documentName ?? ''));

test('every document of a library of hundreds is reachable by scrolling and by the filter', async ({ page, launchPreview }) => {
  test.setTimeout(180_000);
  const preview = await launchPreview();
  const ids = await importDocuments(preview);
  await page.goto(preview.url);
  const list = page.getByTestId('library');
  await expect(page.getByTestId('library-document').first()).toBeVisible();
  const wanted = Array.from({ length: COUNT }, (_, i) => nameOf(i));

  // Scrolling from top to bottom brings each one into the page, while only some are there at once.
  const seen = new Set<string>();
  for (let step = 0; step < 1000; step++) {
    for (const name of await shownNames(page)) seen.add(name);
    expect(await page.getByTestId('library-entry').count()).toBeLessThan(COUNT);
    const atEnd = await list.evaluate((el) => {
      const end = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      el.scrollTop += el.clientHeight * 0.8;
      return end;
    });
    if (atEnd) break;
    // The entries of the new position are drawn before the next look.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  expect(wanted.filter((name) => !seen.has(name))).toEqual([]);

  // The filter finds each one by its number, whatever its place in the list.
  for (let i = 0; i < COUNT; i++) {
    const number = String(i).padStart(3, '0');
    await page.getByTestId('library-filter').fill(`SCAN ${number}`);
    await expect(page.getByTestId('library-document')).toHaveCount(1);
    await expect(page.getByTestId('library-document')).toHaveAttribute('data-document-name', nameOf(i));
  }

  // The last one opens from the filtered list: that document, no other.
  await page.getByTestId('library-document').click();
  await expect(page.locator('[data-testid="library-entry"].active')).toHaveAttribute('data-document-id', ids[COUNT - 1]!);
});
