import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateLargeDocument } from '../../bench/largeDocument/generate.js';
import { defineFieldRowClicks, fieldRowAt } from '../support/fieldRows.js';
import { expect, test } from './fixtures.js';

// The benchmark's document at 200 pages (about 12,000 blocks): the Markdown panel and the page
// view mount only what is near their viewports, so every selection far away has to bring its
// block and its page into view itself.
test.describe.configure({ timeout: 180_000 });

const selectedBlock = (page: Page) => page.locator('[data-testid="md-node"][data-selected="true"]');

/** Imports the 200-page document with its parse and its 200 grounded fields (the sample's boxes drawn first). */
async function importFarDocument(page: Page): Promise<void> {
  const files = await generateLargeDocument(200, await mkdtemp(join(tmpdir(), 'groundwork-far-')));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.pdf, files.parse, files.extract]);
  // A 4.8 MB parse checked, stored and modelled: about 3 s here, 8 s with the renderer at a quarter
  // speed, and more on a CI machine running another test beside it. What these tests measure comes after.
  const imported = { timeout: 45_000 };
  await expect(page.getByTestId('page-count')).toHaveText('of 200', imported);
  await expect(page.getByTestId('fields')).toHaveAttribute('data-count', '200', imported);
  await defineFieldRowClicks(page);
}

test('far selections: a field near the end, a box on a far page and rapid clicks each end highlighted and in view', async ({
  page,
  preview,
}) => {
  await importFarDocument(page);

  // The last field's value sits near the end of the document.
  const last = await fieldRowAt(page, 199);
  const value = (await last.locator('.field-value').textContent())!;
  await last.click();
  await expect(page.getByTestId('selection-text')).toHaveText(value);
  const pageNumber = Number(await page.getByTestId('selection-page').textContent());
  expect(pageNumber).toBeGreaterThan(180);
  await expect(selectedBlock(page)).toHaveCount(1);
  await expect(selectedBlock(page)).toBeInViewport();
  await expect(selectedBlock(page)).toHaveAttribute('data-page', String(pageNumber));
  await expect(selectedBlock(page)).toContainText(value);
  // Drawn as Markdown, not as the text it waits as while a fast scroll catches up.
  await expect(selectedBlock(page)).not.toHaveAttribute('data-pending', 'true');
  await expect(page.locator(`[data-testid="page"][data-page="${pageNumber}"] .box-field`).first()).toBeInViewport();

  // A box on a far page (the page view brought there first): its block is selected and in view,
  // and a numbered item keeps its own number.
  await page.getByTestId('page-input').fill('3');
  // Each page holds 40 numbered items, text-0 onwards: page 3's seventh is text-86.
  const id = 'text-86';
  const item = page.locator(`[data-testid="page"][data-page="3"] [data-testid="box"][data-node-id="${id}"]`);
  await expect(item).toBeVisible();
  await item.click();
  await expect(item).toHaveAttribute('data-selected', 'true');
  const block = page.locator(`[data-testid="md-node"][data-node-id="${id}"]`);
  await expect(block).toBeInViewport();
  await expect(block).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('selection-text')).toHaveText(/^7\. /);
  await expect(block.locator('ol')).toHaveAttribute('start', '7');
  expect(await block.locator('ol').evaluate((list: HTMLOListElement) => list.start)).toBe(7);

  // Rapid clicks on fields all over the document (each row drawn as the list is scrolled to it,
  // a frame or two), then three more in one task on rows drawn together (their blocks sit pages
  // apart): the last one wins everywhere.
  const order = [10, 150, 60, 190, 25];
  await page.evaluate(async (indexes) => {
    for (const i of indexes.slice(0, -1)) await window.clickFieldRow!(i);
    await window.clickFieldRow!(indexes.at(-1)! + 4);
    const together = [indexes.at(-1)! + 4, indexes.at(-1)! - 3, indexes.at(-1)!];
    const drawn = (i: number) => document.querySelector<HTMLElement>(`[data-testid="fields"] [data-index="${i}"] [data-testid="field"]`);
    // (The rows around the one just scrolled to are drawn a frame after the list stops moving.)
    for (let frames = 0; frames < 300 && !together.every(drawn); frames++) await new Promise((next) => requestAnimationFrame(next));
    for (const i of together) drawn(i)!.click();
  }, order);
  const winner = await fieldRowAt(page, order.at(-1)!);
  const winnerValue = (await winner.locator('.field-value').textContent())!;
  await expect(winner).toHaveAttribute('data-selected', 'true');
  await expect(page.locator('[data-testid="field"][data-selected="true"]')).toHaveCount(1);
  await expect(page.getByTestId('selection-text')).toHaveText(winnerValue);
  const winnerPage = Number(await page.getByTestId('selection-page').textContent());
  await expect(selectedBlock(page)).toHaveCount(1);
  await expect(selectedBlock(page)).toContainText(winnerValue);
  await expect(selectedBlock(page)).toBeInViewport();
  await expect(page.locator(`[data-testid="page"][data-page="${winnerPage}"] .box-field`).first()).toBeInViewport();
  await expect(page.locator('.box-field')).toHaveCount(
    await page.locator(`[data-testid="page"][data-page="${winnerPage}"] .box-field`).count(),
  );

  // The page view scrolled fast from top to bottom keeps only the pages near its viewport drawn:
  // every page passed on the way gives back its canvas and its boxes.
  await page.getByTestId('viewer').evaluate(
    (view) =>
      new Promise<void>((resolve) => {
        view.scrollTop = 0;
        const step = () => {
          if (view.scrollTop + view.clientHeight >= view.scrollHeight - 2) return resolve();
          view.scrollTop += 2400;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );
  await expect(page.locator('[data-testid="page"][data-page="200"] canvas[data-rendered="true"]')).toBeVisible();
  await expect.poll(() => page.locator('canvas[data-rendered="true"]').count()).toBeLessThanOrEqual(4);
  // (the selection's page keeps its boxes wherever the view is)
  await expect.poll(() => page.locator('[data-testid="page"]:has([data-testid="box"])').count()).toBeLessThanOrEqual(5);

  // The Markdown scrolled to its very end draws its last page's blocks, as Markdown.
  const markdown = page.getByTestId('md-rendered');
  await markdown.hover();
  const lastBlocks = page.locator('[data-testid="md-node"][data-page="200"]');
  // Measured heights replace estimates as the end comes into view: keep at the bottom, as a reviewer dragging the scrollbar would.
  await expect(async () => {
    await markdown.evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    await expect(lastBlocks.last()).toBeInViewport({ timeout: 500 });
  }).toPass();
  await expect(lastBlocks.last()).toContainText('Confidential');
  await expect(page.locator('[data-testid="md-node"][data-page="200"][data-pending="true"]')).toHaveCount(0);
  void preview;
});

test('a far selection’s Markdown block stays where it was put while the rows around it mount', async ({ page, preview }) => {
  await importFarDocument(page);
  for (const index of [150, 40, 190, 5, 120]) {
    // Where the block is in the first frame that shows it, and where it is once everything around it has mounted and been measured.
    const first = await page.evaluate(
      (i) =>
        new Promise<number>((resolve) => {
          void window.clickFieldRow!(i).then(() =>
            requestAnimationFrame(() => {
              const block = document.querySelector('[data-testid="md-node"][data-selected="true"]')!;
              resolve(
                block.getBoundingClientRect().top - document.querySelector('[data-testid="md-rendered"]')!.getBoundingClientRect().top,
              );
            }),
          );
        }),
      index,
    );
    await page.waitForTimeout(600);
    const settled = await selectedBlock(page).evaluate(
      (block) => block.getBoundingClientRect().top - document.querySelector('[data-testid="md-rendered"]')!.getBoundingClientRect().top,
    );
    expect(Math.abs(settled - first), `field ${index}: the block moved from ${first} to ${settled} px`).toBeLessThanOrEqual(2);
  }
  // Clicks landing at every moment of a jump's settling: the last one settles too, with the rows around it mounted.
  const inView = await page.locator('[data-testid="md-node"]').count();
  await page.evaluate(async () => {
    for (let i = 0; i < 40; i++) {
      await window.clickFieldRow!((i * 37) % 200);
      await new Promise((resolve) => setTimeout(resolve, i % 17));
    }
  });
  await expect(page.getByTestId('md-rendered')).not.toHaveAttribute('data-settling');
  await expect.poll(() => page.locator('[data-testid="md-node"]').count()).toBeGreaterThanOrEqual(inView);

  // A row above the held block growing (its HTML arriving) does not move the block, not even for the frame that shows it grown.
  const grown = await page.evaluate(
    () =>
      new Promise<{ before: number; after: number }>((resolve) => {
        const list = document.querySelector('[data-testid="md-rendered"]')!;
        const top = () =>
          document.querySelector('[data-testid="md-node"][data-selected="true"]')!.getBoundingClientRect().top -
          list.getBoundingClientRect().top;
        void window.clickFieldRow!(100).then(() =>
          // Once the jump has settled, while the block is still held.
          setTimeout(
            () =>
              requestAnimationFrame(() => {
                const before = top();
                const index = Number(document.querySelector('[data-testid="md-node"][data-selected="true"]')!.parentElement!.dataset.index);
                list.querySelector<HTMLElement>(`[data-index="${index - 1}"] > *`)!.style.paddingBottom = '60px';
                requestAnimationFrame(() => resolve({ before, after: top() }));
              }),
            150,
          ),
        );
      }),
  );
  expect(Math.abs(grown.after - grown.before), `the block moved from ${grown.before} to ${grown.after} px`).toBeLessThanOrEqual(1);

  // Scrolled by a script (the hold gives way): rows leaving the top are stood in for by their
  // measured heights, so the block moves by exactly the scroll, however many rows unmount.
  const scrolled = await page.evaluate(async () => {
    const list = document.querySelector('[data-testid="md-rendered"]')!;
    const block = document.querySelector('[data-testid="md-node"][data-selected="true"]')!;
    const top = () => block.getBoundingClientRect().top - list.getBoundingClientRect().top;
    // Once the rows around it have drawn their HTML: a row changing height in the very frame the
    // script scrolls is for the browser's scroll anchoring to make up for, not for the list.
    for (let frames = 0; frames < 600 && list.querySelector('[data-pending]'); frames++) {
      await new Promise((next) => requestAnimationFrame(next));
    }
    const before = top();
    for (let i = 0; i < 2; i++) {
      list.scrollTop += 300;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return { before, after: top(), mounted: block.isConnected };
  });
  expect(scrolled.mounted).toBe(true);
  expect(
    Math.abs(scrolled.after - (scrolled.before - 600)),
    `the block moved from ${scrolled.before} to ${scrolled.after} px`,
  ).toBeLessThanOrEqual(1);

  // A scroll that is not the list's own, right after a selection (here a script's, to the top), is not pulled back to it.
  await page.evaluate(async () => {
    await window.clickFieldRow!(170);
    requestAnimationFrame(() => {
      document.querySelector('[data-testid="md-rendered"]')!.scrollTop = 0;
    });
  });
  await page.waitForTimeout(600);
  expect(await page.getByTestId('md-rendered').evaluate((list) => list.scrollTop)).toBeLessThan(100);
  void preview;
});

test('a field on a far page: its box is drawn in the frame of the click, the page’s other boxes once the page is near', async ({
  page,
  preview,
}) => {
  await importFarDocument(page);
  const inFirstFrame = await page.evaluate(
    () =>
      new Promise<{ page: number; fieldBoxes: number; boxes: number; otherBoxes: number }>((resolve) => {
        void window.clickFieldRow!(150).then(() =>
          requestAnimationFrame(() => {
            const view = document.querySelector('[data-testid="viewer"]')!.getBoundingClientRect();
            const fieldBox = document.querySelector('.box-field')!;
            const where = fieldBox.getBoundingClientRect();
            const onPage = fieldBox.closest<HTMLElement>('[data-testid="page"]')!;
            resolve({
              page: where.bottom > view.top && where.top < view.bottom ? Number(onPage.dataset.page) : -1,
              fieldBoxes: onPage.querySelectorAll('.box-field').length,
              boxes: onPage.querySelectorAll('[data-testid="box"]').length,
              otherBoxes: onPage.querySelectorAll('[data-testid="box"]:not([data-selected]):not([data-outline])').length,
            });
          }),
        );
      }),
  );
  // In view in that frame, with only the selection's own boxes on its page.
  expect(inFirstFrame.page).toBeGreaterThan(100);
  expect(inFirstFrame.fieldBoxes).toBeGreaterThan(0);
  expect(inFirstFrame.otherBoxes).toBe(0);
  // The page is near the view now: all of its boxes follow, every one clickable.
  const boxes = page.locator(`[data-testid="page"][data-page="${inFirstFrame.page}"] [data-testid="box"]`);
  await expect.poll(() => boxes.count()).toBeGreaterThan(inFirstFrame.boxes + 20);
  const other = boxes.locator(':scope[data-type="text"]:not([data-selected])').first();
  const id = await other.getAttribute('data-node-id');
  await other.click();
  await expect(page.locator(`[data-testid="md-node"][data-node-id="${id}"]`)).toHaveAttribute('data-selected', 'true');
  void preview;
});

test('a near selection keeps the Markdown rows already drawn: the click’s frame unmounts none of them', async ({ page, preview }) => {
  await importFarDocument(page);
  const markdown = page.getByTestId('md-rendered');
  await expect(markdown).not.toHaveAttribute('data-settling');
  // A box on the first page whose block is drawn (in the rows around the view) but not in view.
  const result = await page.evaluate(
    () =>
      new Promise<{ id: string; before: string[]; after: string[]; inView: boolean } | null>((resolve) => {
        const list = document.querySelector('[data-testid="md-rendered"]')!;
        const bottom = list.getBoundingClientRect().bottom;
        const drawn = () => [...list.querySelectorAll<HTMLElement>('[data-testid="md-node"]')].map((node) => node.dataset.nodeId!);
        const below = [...list.querySelectorAll<HTMLElement>('[data-testid="md-node"][data-page="1"]')].find(
          (node) => node.getBoundingClientRect().top > bottom + 50,
        );
        const box = below && document.querySelector<HTMLElement>(`[data-testid="box"][data-node-id="${below.dataset.nodeId}"]`);
        if (!below || !box) return resolve(null);
        const before = drawn();
        box.click();
        requestAnimationFrame(() => {
          const block = document.querySelector(`[data-testid="md-node"][data-node-id="${below.dataset.nodeId}"]`);
          const where = block?.getBoundingClientRect();
          const view = list.getBoundingClientRect();
          resolve({
            id: below.dataset.nodeId!,
            before,
            after: drawn(),
            inView: !!where && where.bottom > view.top && where.top < view.bottom,
          });
        });
      }),
  );
  expect(result, 'a block drawn below the view, with its box on the page').not.toBeNull();
  expect(result!.inView).toBe(true);
  expect(result!.before.filter((id) => !result!.after.includes(id))).toEqual([]);
  await expect(page.locator(`[data-testid="md-node"][data-node-id="${result!.id}"]`)).toHaveAttribute('data-selected', 'true');
  void preview;
});

test('a far selection unmounts no Markdown row in the frame that shows it; the rows it left go once that frame is painted', async ({
  page,
  preview,
}) => {
  await importFarDocument(page);
  const markdown = page.getByTestId('md-rendered');
  await expect(markdown).not.toHaveAttribute('data-settling');
  await fieldRowAt(page, 199);
  const result = await page.evaluate(
    () =>
      new Promise<{ before: string[]; after: string[]; page: number; inView: boolean }>((resolve) => {
        const list = document.querySelector('[data-testid="md-rendered"]')!;
        const drawn = () => [...list.querySelectorAll<HTMLElement>('[data-testid="md-node"]')].map((node) => node.dataset.nodeId!);
        const before = drawn();
        document.querySelector<HTMLElement>('[data-testid="fields"] [data-index="199"] [data-testid="field"]')!.click();
        requestAnimationFrame(() => {
          const block = list.querySelector<HTMLElement>('[data-testid="md-node"][data-selected="true"]');
          const where = block?.getBoundingClientRect();
          const view = list.getBoundingClientRect();
          resolve({
            before,
            after: drawn(),
            page: Number(block?.dataset.page),
            inView: !!where && where.bottom > view.top && where.top < view.bottom,
          });
        });
      }),
  );
  expect(result.page).toBeGreaterThan(180);
  expect(result.inView).toBe(true);
  expect(result.before.length).toBeGreaterThan(0);
  expect(result.before.filter((id) => !result.after.includes(id))).toEqual([]);
  // Kept for one frame only: they go with the jump's settling, and what stays is near the view.
  await expect(markdown).not.toHaveAttribute('data-settling');
  await expect(page.locator('[data-testid="md-node"][data-page="1"]')).toHaveCount(0);
  await expect(selectedBlock(page)).toBeInViewport();
  void preview;
});

test('a skimmed Markdown panel mounts only the rows in view; the rows around them and their HTML come once it stops', async ({
  page,
  preview,
}) => {
  await importFarDocument(page);
  const markdown = page.getByTestId('md-rendered');
  await expect(markdown).not.toHaveAttribute('data-settling');
  const mounted = () => markdown.evaluate((list) => list.querySelectorAll(':scope > div > [data-index]').length);
  // A scrollbar dragged fast: 3,000 px a frame, far past the 800 px of rows drawn around the view.
  const duringSkim = await markdown.evaluate(
    (list) =>
      new Promise<number[]>((resolve) => {
        const counts: number[] = [];
        const step = () => {
          counts.push(list.querySelectorAll(':scope > div > [data-index]').length);
          if (counts.length === 30) return resolve(counts.slice(5));
          list.scrollTop += 3000;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );
  // Stopped: the rows above and below the view are mounted again, and every row shows its HTML.
  await expect(markdown).toBeInViewport();
  await expect.poll(mounted).toBeGreaterThan(Math.max(...duringSkim) * 2);
  const reachesAboveView = await markdown.evaluate(
    (list) => list.querySelector(':scope > div > [data-index]')!.getBoundingClientRect().bottom < list.getBoundingClientRect().top,
  );
  expect(reachesAboveView).toBe(true);
  await expect(markdown.locator('[data-pending]')).toHaveCount(0);
  void preview;
});
