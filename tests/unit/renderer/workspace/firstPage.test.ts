import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageDrawn, pagesGone, untilFirstPage } from '../../../../renderer/workspace/firstPage.js';

/** Whether `promise` has settled after the microtasks now queued have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('an open waits for its first page', () => {
  afterEach(() => {
    pagesGone('a');
    pagesGone('b');
    vi.useRealTimers();
  });

  it('until that document has a page drawn, not another one', async () => {
    vi.useFakeTimers();
    const waiting = untilFirstPage('a', 600);
    pageDrawn('b');
    expect(await settled(waiting)).toBe(false);
    pageDrawn('a');
    expect(await settled(waiting)).toBe(true);
  });

  it('no longer than its limit (a page that takes long, or never comes)', async () => {
    vi.useFakeTimers();
    const waiting = untilFirstPage('a', 600);
    vi.advanceTimersByTime(599);
    expect(await settled(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('not at all while its pages are on screen, again once its viewer has closed', async () => {
    vi.useFakeTimers();
    pageDrawn('a');
    expect(await settled(untilFirstPage('a', 600))).toBe(true);
    pagesGone('b');
    expect(await settled(untilFirstPage('a', 600))).toBe(true);
    pagesGone('a');
    expect(await settled(untilFirstPage('a', 600))).toBe(false);
  });

  it('every open waiting on the same document goes on together', async () => {
    vi.useFakeTimers();
    const first = untilFirstPage('a', 600);
    const second = untilFirstPage('a', 600);
    pageDrawn('a');
    expect([await settled(first), await settled(second)]).toEqual([true, true]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
