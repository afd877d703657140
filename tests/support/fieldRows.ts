import type { Locator, Page } from '@playwright/test';

/**
 * The Fields panel draws only the rows near its view (a virtual list), as the Markdown panel
 * does its blocks. A reviewer scrolls the list to a row before clicking it; so do the tests and
 * the benchmark, through these helpers, dragging the list's scroll bar as a reviewer would.
 */

declare global {
  interface Window {
    /** Scrolls the fields list to the row at `index` (list order) until it is drawn, then clicks it. */
    clickFieldRow?(index: number): Promise<void>;
  }
}

/** The row at `index` in list order, drawn and scrolled into the list's view. */
export async function fieldRowAt(page: Page, index: number): Promise<Locator> {
  await page.waitForFunction(
    (index) => {
      const list = document.querySelector<HTMLElement>('[data-testid="fields"]');
      if (!list) return false;
      if (list.querySelector(`:scope > div > [data-index="${index}"]`)) return true;
      list.scrollTop = (index / Number(list.dataset.count)) * list.scrollHeight - list.clientHeight / 2;
      return false;
    },
    index,
    { polling: 'raf' },
  );
  const row = page.locator(`[data-testid="fields"] [data-index="${index}"] [data-testid="field"]`);
  await row.scrollIntoViewIfNeeded();
  return row;
}

/** The row of the field at `path`, found by scrolling the list down from its top, drawn and in the list's view. */
export async function fieldRow(page: Page, path: string): Promise<Locator> {
  await page.getByTestId('fields').evaluate((list, path) => {
    if (!list.querySelector(`[data-testid="field"][data-field="${CSS.escape(path)}"]`)) list.scrollTop = 0;
  }, path);
  const found = await page.waitForFunction(
    (path) => {
      const list = document.querySelector<HTMLElement>('[data-testid="fields"]');
      if (!list) return false;
      if (list.querySelector(`[data-testid="field"][data-field="${CSS.escape(path)}"]`)) return 'found';
      const drawn = list.querySelectorAll<HTMLElement>(':scope > div > [data-index]');
      const last = drawn[drawn.length - 1];
      if (Number(last?.dataset.index) === Number(list.dataset.count) - 1) return 'missing';
      // The last row drawn to the top: the rows after it are drawn next.
      if (last) list.scrollTop += last.getBoundingClientRect().top - list.getBoundingClientRect().top;
      return false;
    },
    path,
    { polling: 'raf' },
  );
  if ((await found.jsonValue()) === 'missing') throw new Error(`No field ${path} in the Fields panel`);
  const row = page.locator(`[data-testid="field"][data-field="${path}"]`);
  await row.scrollIntoViewIfNeeded();
  return row;
}

/**
 * Defines `window.clickFieldRow` in the page, for clicks in quick succession from one script
 * (each row drawn first, a frame or two, as the list's scroll bar is dragged there).
 */
export async function defineFieldRowClicks(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.clickFieldRow = async (index: number) => {
      const list = document.querySelector<HTMLElement>('[data-testid="fields"]')!;
      for (let frames = 0; frames < 300; frames++) {
        const row = list.querySelector<HTMLElement>(`:scope > div > [data-index="${index}"] [data-testid="field"]`);
        if (row) return row.click();
        list.scrollTop = (index / Number(list.dataset.count)) * list.scrollHeight - list.clientHeight / 2;
        await new Promise((drawn) => requestAnimationFrame(drawn));
      }
      throw new Error(`The fields list never drew row ${index}`);
    };
  });
}
