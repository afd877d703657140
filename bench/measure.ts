/** In-page measurements for bench/run.ts. */
import type { CDPSession, Page } from '@playwright/test';
import { fieldRowAt } from '../tests/support/fieldRows.js';

export type ClickKind = 'field' | 'box';

/**
 * How clicks come. 'at-rest': each once the window has settled from the one before (an idle
 * moment, then 300 ms: a reviewer reads what a click showed before the next), the pointer over
 * the panel clicked in, as a real click leaves it. 'back-to-back': each as soon as the one before
 * showed, onto its unfinished work (pages drawing, rows mounting) and a display already counting
 * frames, so each waits for the display's next frame too: a stress figure, not a reviewer's.
 */
export type ClickPace = 'at-rest' | 'back-to-back';
const REST_MS = 300;

/**
 * Click latency, measured in the page: from just before the click to the first animation
 * frame in which the Markdown block and the box are both highlighted and in view.
 * A reviewer clicks what they see: a field's row is scrolled into view first and the pointer
 * put on it; boxes live on pages that are only mounted near the viewport, so for a box the
 * page is scrolled into view first (neither timed), then a box in view is clicked. Fields appear once the extraction is
 * grounded, which can come after the first page: they are waited for, not assumed.
 */
export async function measureClicks(page: Page, kind: ClickKind, count: number, pace: ClickPace): Promise<number[]> {
  if (kind === 'field') await page.locator('[data-testid="field"]').first().waitFor({ timeout: 120_000 });
  const panel = await page
    .locator(kind === 'field' ? '[data-testid="field"]' : '[data-testid="viewer"]')
    .first()
    .boundingBox();
  if (panel) await page.mouse.move(panel.x + Math.min(40, panel.width / 2), panel.y + Math.min(10, panel.height / 2));
  const times: number[] = [];
  const fieldCount = kind === 'field' ? Number(await page.getByTestId('fields').getAttribute('data-count')) : 0;
  for (let i = 0; i < count; i++) {
    const fieldIndex = (i * 104729) % Math.max(1, fieldCount);
    if (kind === 'field') {
      // A reviewer clicks a field they see, the pointer on it: the list is scrolled to its row first (not timed).
      const row = await fieldRowAt(page, fieldIndex);
      const where = await row.boundingBox();
      if (where) await page.mouse.move(where.x + Math.min(40, where.width / 2), where.y + where.height / 2);
    }
    if (kind === 'box') {
      const pageNumber = 1 + ((i * 7919) % 1000);
      // Only the pages around the view are mounted: the page box takes the view there, as a reviewer's would.
      await page.getByTestId('page-input').fill(String(pageNumber));
      await page.locator(`[data-testid="page"][data-page="${pageNumber}"] [data-testid="box"]`).first().waitFor();
    }
    const time = await page.evaluate(
      async ({ kind, i, fieldIndex, restMs }) => {
        if (restMs > 0) await new Promise((settled) => requestIdleCallback(() => setTimeout(settled, restMs), { timeout: 2000 }));
        return new Promise<number>((resolve) => {
          const visible = (el: Element | null, container: Element | null) => {
            if (!el || !container) return false;
            const a = el.getBoundingClientRect();
            const b = container.getBoundingClientRect();
            return a.bottom > b.top && a.top < b.bottom;
          };
          // A reviewer clicks a box they see: not one mounted on a page above or below the view.
          const viewer = document.querySelector('[data-testid="viewer"]');
          const target =
            kind === 'field'
              ? document.querySelector<HTMLElement>(`[data-testid="fields"] [data-index="${fieldIndex}"] [data-testid="field"]`)!
              : (() => {
                  const boxes = [
                    ...document.querySelectorAll<HTMLElement>('[data-testid="page"] [data-testid="box"]:not([data-type="table"])'),
                  ].filter((box) => visible(box, viewer));
                  return boxes[(i * 104729) % boxes.length]!;
                })();
          // Where each click starts in a Performance trace (profileClicks.ts splits its time by phase).
          performance.mark('bench:click');
          const start = performance.now();
          target.click();
          const check = () => {
            const block = document.querySelector('[data-testid="md-node"][data-selected="true"]');
            const box = document.querySelector('[data-testid="box"][data-selected="true"], .box-field');
            if (
              visible(block, document.querySelector('[data-testid="md-rendered"]')) &&
              visible(box, document.querySelector('[data-testid="viewer"]'))
            ) {
              resolve(performance.now() - start);
            } else if (performance.now() - start > 3000) resolve(3000);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        });
      },
      { kind, i, fieldIndex, restMs: pace === 'at-rest' ? REST_MS : 0 },
    );
    times.push(time);
  }
  return times;
}

export interface ScrollRun {
  /** Long tasks (> 50 ms) the page reported meanwhile, ms. */
  longTasks: number[];
  /** The longest time between two animation frames, ms: a long task the observer missed shows here too. */
  longestFrameGapMs: number;
  frames: number;
  /** px scrolled, and the scroll height at the end. */
  scrolled: number;
  scrollHeight: number;
}

/**
 * Scrolls a container from top to bottom, `step` px per frame, and returns the long tasks
 * seen meanwhile. Fails unless the scroll really reached the bottom and `endSelector` (the
 * container's last item) was mounted on the way: a scroll that stopped early, or a list
 * that never drew its end, would report a smooth run it never made.
 */
export async function scrollThrough(page: Page, selector: string, step: number, endSelector: string): Promise<ScrollRun> {
  const run = await page.evaluate(
    ({ selector, step, endSelector }) =>
      new Promise<ScrollRun & { reachedEnd: boolean; endSeen: boolean; found: boolean }>((resolve) => {
        const container = document.querySelector(selector);
        if (!container) {
          resolve({
            longTasks: [],
            longestFrameGapMs: 0,
            frames: 0,
            scrolled: 0,
            scrollHeight: 0,
            reachedEnd: false,
            endSeen: false,
            found: false,
          });
          return;
        }
        const longTasks: number[] = [];
        const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration)));
        observer.observe({ type: 'longtask' });
        container.scrollTop = 0;
        let frames = 0;
        let scrolled = 0;
        let endSeen = false;
        let last = performance.now();
        let longestFrameGapMs = 0;
        let stuck = 0;
        let settling = 0;
        const finish = (reachedEnd: boolean) =>
          setTimeout(() => {
            observer.disconnect();
            resolve({
              longTasks,
              longestFrameGapMs,
              frames,
              scrolled,
              scrollHeight: container.scrollHeight,
              reachedEnd,
              endSeen,
              found: true,
            });
          }, 300);
        const next = () => {
          const now = performance.now();
          longestFrameGapMs = Math.max(longestFrameGapMs, now - last);
          last = now;
          frames++;
          endSeen ||= container.querySelector(endSelector) !== null;
          if (container.scrollTop + container.clientHeight >= container.scrollHeight - 2) {
            // The list may draw the rows for the last scroll a frame or two later.
            if (endSeen || ++settling > 60) finish(true);
            else requestAnimationFrame(next);
            return;
          }
          const before = container.scrollTop;
          container.scrollTop += step;
          scrolled += container.scrollTop - before;
          // A scroll that no longer moves (nothing below, a height that never grows) ends the run.
          stuck = container.scrollTop === before ? stuck + 1 : 0;
          if (stuck > 30) finish(false);
          else requestAnimationFrame(next);
        };
        requestAnimationFrame(next);
      }),
    { selector, step, endSelector },
  );
  if (!run.found) throw new Error(`scrollThrough: nothing matches ${selector}`);
  if (!run.reachedEnd || !run.endSeen) {
    throw new Error(
      `scrollThrough ${selector}: ${run.reachedEnd ? `reached the bottom but never drew ${endSelector}` : `stopped at ${run.scrolled} px of ${run.scrollHeight}`}`,
    );
  }
  const { reachedEnd: _r, endSeen: _e, found: _f, ...result } = run;
  return result;
}

export interface HeapUsage {
  /** Page plus workers: JS heap, embedder (DOM) heap and ArrayBuffer backing stores, bytes. */
  total: number;
  jsHeap: number;
  embedder: number;
  arrayBuffers: number;
  /** How many targets were summed (the page and its workers). */
  targets: number;
}

interface HeapAnswer {
  usedSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

/**
 * Memory after a full garbage collection, for the page and every worker it runs (Chrome
 * DevTools protocol): no figure can look small by moving its data into a worker or into
 * an ArrayBuffer. Workers are reached through the page's auto-attached child sessions.
 */
export async function heapAfterGc(page: Page): Promise<HeapUsage> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const workers: string[] = [];
    cdp.on('Target.attachedToTarget', (event: { sessionId: string; targetInfo: { type: string } }) => {
      if (event.targetInfo.type === 'worker') workers.push(event.sessionId);
    });
    const child = childSessions(cdp);
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    // Already running workers are announced right after auto-attach is switched on.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answers: HeapAnswer[] = [];
    for (const sessionId of workers) {
      await child(sessionId, 'HeapProfiler.collectGarbage');
      answers.push((await child(sessionId, 'Runtime.getHeapUsage')) as HeapAnswer);
    }
    await cdp.send('HeapProfiler.collectGarbage');
    answers.push((await cdp.send('Runtime.getHeapUsage')) as HeapAnswer);
    if (process.env.BENCH_HEAP_EACH) console.log('heap per target (workers, then the page):', JSON.stringify(answers));
    const sum = (f: (a: HeapAnswer) => number) => answers.reduce((total, a) => total + f(a), 0);
    const jsHeap = sum((a) => a.usedSize);
    const embedder = sum((a) => a.embedderHeapUsedSize ?? 0);
    const arrayBuffers = sum((a) => a.backingStorageSize ?? 0);
    return { total: jsHeap + embedder + arrayBuffers, jsHeap, embedder, arrayBuffers, targets: answers.length };
  } finally {
    await cdp.detach();
  }
}

/** Commands to an auto-attached (non-flattened) child target, answered through the parent session. */
function childSessions(cdp: CDPSession): (sessionId: string, method: string, params?: object) => Promise<unknown> {
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
    const waiter = message.id === undefined ? undefined : waiting.get(message.id);
    if (!waiter) return;
    waiting.delete(message.id!);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  });
  return (sessionId, method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
    });
}
