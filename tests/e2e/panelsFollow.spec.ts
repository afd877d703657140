import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { generateLargeDocument } from '../../bench/largeDocument/generate.js';
import { expect, test } from './fixtures.js';

// The panels follow the pages: once, with the viewer on page 60 the Markdown still showed
// page 1 and the structure rows showed only ids. The panels now follow the page view (and the
// page view follows them) unless the reviewer locks them; tree rows show their first words.
test.describe.configure({ timeout: 120_000 });

/** Imports the generated document at 80 pages, its parse and (unless 'parse only') its extraction. */
async function importEightyPages(page: Page, results: 'with its extraction' | 'parse only'): Promise<void> {
  const files = await generateLargeDocument(80, await mkdtemp(join(tmpdir(), 'groundwork-follow-')));
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  const parse = [files.pdf, files.parse];
  await page.getByTestId('import-result').setInputFiles(results === 'parse only' ? parse : [...parse, files.extract]);
  await expect(page.getByTestId('page-count')).toHaveText('of 80');
}

/** The Markdown's page break for `page`, near the top of the panel. */
async function expectNearTop(list: Locator, row: Locator): Promise<void> {
  await expect(row).toBeInViewport();
  await expect
    .poll(async () => {
      const [outer, inner] = await Promise.all([list.boundingBox(), row.boundingBox()]);
      return outer && inner ? Math.abs(inner.y - outer.y) : Infinity;
    })
    .toBeLessThan(120);
}

/** The page of the first Markdown row at the top of the panel. */
async function topMarkdownPage(page: Page): Promise<number> {
  return page.getByTestId('md-rendered').evaluate((list) => {
    const top = list.getBoundingClientRect().top;
    // A sliver of under one line (16 px) left of the page above is not that page being shown (the
    // app counts a row in view once a line of it shows).
    for (const row of list.querySelectorAll<HTMLElement>('[data-page]')) {
      if (row.getBoundingClientRect().bottom > top + 16) return Number(row.dataset.page);
    }
    return -1;
  });
}

test('the Markdown and the structure tree follow the page view and back; a lock stops it; tree rows show their text', async ({
  page,
  preview,
}) => {
  await importEightyPages(page, 'with its extraction');
  const markdown = page.getByTestId('md-rendered');
  const mdPage = (n: number) => page.locator(`[data-testid="md-page"][data-page="${n}"]`);
  const treePage = (n: number) => page.locator(`[data-testid="tree-node"][data-type="page"][data-page="${n}"]`);
  // (the lock is on by default: checked below)

  // The exact reproduction: the viewer goes to page 60, the Markdown comes along.
  await page.getByTestId('page-input').fill('60');
  await expect(page.locator('[data-testid="page"][data-page="60"]')).toBeInViewport();
  await expectNearTop(markdown, mdPage(60));
  await expect(page.locator('[data-testid="md-node"][data-page="60"]').first()).toBeInViewport();

  // Scrolling the page view itself (the wheel) moves the Markdown to the page now in view.
  await page.getByTestId('viewer').hover();
  await page.mouse.wheel(0, 2_500);
  await expect.poll(async () => Number(await page.getByTestId('page-input').inputValue())).toBeGreaterThan(60);
  const scrolledTo = Number(await page.getByTestId('page-input').inputValue());
  await expectNearTop(markdown, mdPage(scrolledTo));

  // The structure tab opens on the viewer's page, and follows the viewer too.
  await page.getByTestId('tab-structure').click();
  await expectNearTop(page.getByTestId('tree'), treePage(scrolledTo));
  await page.getByTestId('page-input').fill('30');
  await expectNearTop(page.getByTestId('tree'), treePage(30));

  // Tree rows show their first words; the id stays in the title.
  // (page 29's table, mounted just above page 30)
  const cell = page.locator('[data-testid="tree-node"][data-type="table_cell"][data-page="29"]').first();
  await expect(cell).toContainText(/^table_cell r0 c0 · "Item"$/);
  const text = page.locator('[data-testid="tree-node"][data-type="text"][data-page="30"]').first();
  await expect(text.locator('.tree-snippet')).toHaveText(/^"1\. \w+ \w+/);
  expect(await text.getAttribute('title')).toBe(await text.getAttribute('data-node-id'));
  const heading = page.locator('[data-testid="tree-node"][data-type="heading"][data-page="30"]');
  await expect(heading.locator('.tree-snippet')).toHaveText(/^"Section 30 /);

  // Locked: the viewer moves, the panels stay where they are.
  await page.getByTestId('tab-markdown').click();
  await expectNearTop(markdown, mdPage(30));
  await page.getByTestId('follow-toggle').uncheck();
  await page.getByTestId('page-input').fill('10');
  await expect(page.locator('[data-testid="page"][data-page="10"]')).toBeInViewport();
  await page.waitForTimeout(500);
  await expect(mdPage(10)).not.toBeInViewport();
  await expect(mdPage(30)).toBeInViewport();
  // ...and scrolling the Markdown leaves the viewer alone.
  await markdown.hover();
  await page.mouse.wheel(0, 6_000);
  await page.waitForTimeout(500);
  await expect(page.getByTestId('page-input')).toHaveValue('10');

  // Unlocked again: the Markdown comes back to the viewer's page.
  await page.getByTestId('follow-toggle').check();
  await expectNearTop(markdown, mdPage(10));

  // Scrolling the Markdown far down brings the viewer to the page it shows.
  await markdown.hover();
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 10_000);
  await expect.poll(() => topMarkdownPage(page)).toBeGreaterThan(14);
  // Wheel scrolling goes on for a moment: once it has stopped, the viewer is on the Markdown's page.
  await expect
    .poll(async () => (await page.getByTestId('page-input').inputValue()) === String(await topMarkdownPage(page)), { timeout: 5_000 })
    .toBe(true);
  const shown = await topMarkdownPage(page);
  await expect(page.locator(`[data-testid="page"][data-page="${shown}"]`)).toBeInViewport();
  // The Markdown was not pulled back by the viewer it moved.
  expect(await topMarkdownPage(page)).toBe(shown);

  // The lock is remembered.
  await page.getByTestId('follow-toggle').uncheck();
  await page.reload();
  await page.locator('[data-testid="library-document"][data-document-name="large.pdf"]').click();
  await expect(page.getByTestId('follow-toggle')).not.toBeChecked();
  void preview;
});

test('a box clicked right after a page jump keeps its block in view: the panel does not then follow the jump', async ({
  page,
  preview,
}) => {
  await importEightyPages(page, 'parse only');
  const markdown = page.getByTestId('md-rendered');

  for (const target of [50, 20, 70]) {
    // The page box, then a click on that page's last block two frames later: well inside the
    // moment the panels wait for a page to hold still before following it.
    const clicked = await page.evaluate(
      (target) =>
        new Promise<string>((resolve, reject) => {
          const input = document.querySelector<HTMLInputElement>('[data-testid="page-input"]')!;
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(target));
          input.dispatchEvent(new Event('input', { bubbles: true }));
          const started = performance.now();
          const tryClick = () => {
            const boxes = document.querySelectorAll<HTMLElement>(
              `[data-testid="page"][data-page="${target}"] [data-testid="box"][data-type="text"]`,
            );
            const last = boxes[boxes.length - 1];
            if (last) {
              last.click();
              resolve(last.dataset.nodeId!);
            } else if (performance.now() - started > 5_000) reject(new Error(`page ${target} has no boxes`));
            else requestAnimationFrame(tryClick);
          };
          requestAnimationFrame(() => requestAnimationFrame(tryClick));
        }),
      target,
    );
    const block = page.locator(`[data-testid="md-node"][data-node-id="${clicked}"]`);
    await expect(block).toHaveAttribute('data-selected', 'true');
    await expect(block).toBeInViewport();
    // Long after the panels would have followed the page.
    await page.waitForTimeout(500);
    await expect(block, `page ${target}`).toBeInViewport();
    expect(await markdown.evaluate((list) => list.querySelector('[data-selected="true"]') !== null)).toBe(true);
  }
  void preview;
});

test('a sliver of the page above left at the top of the Markdown is not the page the viewer follows to', async ({ page, preview }) => {
  await importEightyPages(page, 'parse only');
  const list = page.getByTestId('md-rendered');
  await page.getByTestId('page-input').fill('20');
  await expectNearTop(list, page.locator('[data-testid="md-page"][data-page="20"]'));
  // The reviewer scrolls the Markdown (their wheel) to where 8 px of page 20's last row stay above page 21's break.
  await list.evaluate(async (list) => {
    // (the list's row holding page 21's break, its margins included)
    const breakRow = () => list.querySelector<HTMLElement>('[data-testid="md-page"][data-page="21"]')?.closest<HTMLElement>('[data-index]');
    for (
      let tries = 0;
      tries < 50 && (!breakRow() || Math.abs(breakRow()!.getBoundingClientRect().top - list.getBoundingClientRect().top - 8) > 1);
      tries++
    ) {
      list.dispatchEvent(new WheelEvent('wheel', { deltaY: 1, bubbles: true }));
      const row = breakRow();
      list.scrollTop += row ? row.getBoundingClientRect().top - list.getBoundingClientRect().top - 8 : 400;
      await new Promise((next) => requestAnimationFrame(() => requestAnimationFrame(next)));
    }
  });
  const sliver = await list.evaluate((list) => {
    const row = list.querySelector<HTMLElement>('[data-testid="md-page"][data-page="21"]')!.closest<HTMLElement>('[data-index]')!;
    return row.getBoundingClientRect().top - list.getBoundingClientRect().top;
  });
  expect(Math.abs(sliver - 8)).toBeLessThanOrEqual(1);
  await expect(page.getByTestId('page-input')).toHaveValue('21');
  await page.waitForTimeout(500);
  await expect(page.getByTestId('page-input')).toHaveValue('21');
  void preview;
});

test('a page typed in the frame the Markdown opens in is followed: the panel is not left on page 1', async ({ page, preview }) => {
  // The Markdown opens a frame after its result's boxes. A page typed between that render and the
  // panel starting to listen for page moves was once missed. Typed here in exactly that gap: as
  // soon as the rendered list replaces the placeholder, before React's effects run.
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.evaluate(() => {
    const RENDERED = '[data-testid="md-rendered"]:not([aria-busy])';
    const observer = new MutationObserver((records) => {
      // (a rendered list just put in: the 80-page result's, once its page count shows)
      const added = records.some((r) =>
        [...r.addedNodes].some((n) => n instanceof Element && (n.matches(RENDERED) || n.querySelector(RENDERED) !== null)),
      );
      const input = document.querySelector<HTMLInputElement>('[data-testid="page-input"]');
      if (!added || !input || document.querySelector('[data-testid="page-count"]')?.textContent !== 'of 80') return;
      observer.disconnect();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '20');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      document.body.dataset.typedAtOpen = 'yes';
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await importEightyPages(page, 'parse only');
  await expect(page.locator('body')).toHaveAttribute('data-typed-at-open', 'yes');
  await expect(page.locator('[data-testid="page"][data-page="20"]')).toBeInViewport();
  await expectNearTop(page.getByTestId('md-rendered'), page.locator('[data-testid="md-page"][data-page="20"]'));
  void preview;
});
