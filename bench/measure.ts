/** In-page measurements for bench/run.ts. */
import type { Page } from '@playwright/test';

export type ClickKind = 'field' | 'box';

/**
 * Click latency, measured in the page: from just before the click to the first animation
 * frame in which the Markdown block and the box are both highlighted and in view.
 * Boxes live on pages that are only mounted near the viewport, so for a box the page is
 * scrolled into view first (not timed), then clicked.
 */
export async function measureClicks(page: Page, kind: ClickKind, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    if (kind === 'box') {
      const pageNumber = 1 + ((i * 7919) % 1000);
      await page.evaluate((n) => document.querySelector(`[data-testid="page"][data-page="${n}"]`)?.scrollIntoView({ block: 'start' }), pageNumber);
      await page.locator(`[data-testid="page"][data-page="${pageNumber}"] [data-testid="box"]`).first().waitFor();
    }
    const time = await page.evaluate(
      ({ kind, i }) =>
        new Promise<number>((resolve) => {
          const candidates =
            kind === 'field'
              ? [...document.querySelectorAll<HTMLElement>('[data-testid="field"]')]
              : [...document.querySelectorAll<HTMLElement>('[data-testid="page"] [data-testid="box"]:not([data-type="table"])')];
          const target = candidates[(i * 104729) % candidates.length]!;
          const visible = (el: Element | null, container: Element | null) => {
            if (!el || !container) return false;
            const a = el.getBoundingClientRect();
            const b = container.getBoundingClientRect();
            return a.bottom > b.top && a.top < b.bottom;
          };
          const start = performance.now();
          target.click();
          const check = () => {
            const block = document.querySelector('[data-testid="md-node"][data-selected="true"]');
            const box = document.querySelector('[data-testid="box"][data-selected="true"], .box-field');
            if (visible(block, document.querySelector('[data-testid="md-rendered"]')) && visible(box, document.querySelector('[data-testid="viewer"]'))) {
              resolve(performance.now() - start);
            } else if (performance.now() - start > 3000) resolve(3000);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
      { kind, i },
    );
    times.push(time);
  }
  return times;
}

/** Scrolls a container from top to bottom, `step` px per frame; returns the long tasks seen meanwhile (ms). */
export async function scrollThrough(page: Page, selector: string, step: number): Promise<number[]> {
  return page.evaluate(
    ({ selector, step }) =>
      new Promise<number[]>((resolve) => {
        const container = document.querySelector(selector)!;
        const tasks: number[] = [];
        const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration)));
        observer.observe({ type: 'longtask' });
        container.scrollTop = 0;
        const next = () => {
          if (container.scrollTop + container.clientHeight >= container.scrollHeight - 2) {
            setTimeout(() => {
              observer.disconnect();
              resolve(tasks);
            }, 300);
            return;
          }
          container.scrollTop += step;
          requestAnimationFrame(next);
        };
        requestAnimationFrame(next);
      }),
    { selector, step },
  );
}

/** The JS heap in use after a full garbage collection (Chrome DevTools protocol). */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize;
}
