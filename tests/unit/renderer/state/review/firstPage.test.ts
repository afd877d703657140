import { afterEach, describe, expect, it, vi } from 'vitest';
import { inViewDrawing, pdfOpened, untilPdfOpened, untilViewDrawn, viewClosed } from '../../../../../renderer/state/review/firstPage.js';

/** Whether `promise` has settled after the microtasks now queued have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

afterEach(() => {
  viewClosed('a');
  viewClosed('b');
  vi.useRealTimers();
});

describe('an open shows its result once the pages in view are drawn', () => {
  it('waits for every page in view of that document, not the first to finish, nor another document', async () => {
    vi.useFakeTimers();
    const first = inViewDrawing('a');
    const second = inViewDrawing('a');
    const waiting = untilViewDrawn('a', 600);
    inViewDrawing('b')();
    second();
    second(); // told twice, counted once
    expect(await settled(waiting)).toBe(false);
    first();
    expect(await settled(waiting)).toBe(true);
  });

  it('no longer than its limit (a page that takes long, or never comes)', async () => {
    vi.useFakeTimers();
    inViewDrawing('a');
    const waiting = untilViewDrawn('a', 600);
    vi.advanceTimersByTime(599);
    expect(await settled(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('not at all once the view is drawn (a page scrolled to later changes nothing), again once its viewer has closed', async () => {
    vi.useFakeTimers();
    inViewDrawing('a')();
    inViewDrawing('a');
    expect(await settled(untilViewDrawn('a', 600))).toBe(true);
    viewClosed('b');
    expect(await settled(untilViewDrawn('a', 600))).toBe(true);
    viewClosed('a');
    expect(await settled(untilViewDrawn('a', 600))).toBe(false);
  });

  it('a viewer that closes lets its waiting opens go, and its drawings count for nothing in the next one', async () => {
    vi.useFakeTimers();
    const ofClosedViewer = inViewDrawing('a');
    const waiting = untilViewDrawn('a', 600);
    viewClosed('a');
    expect(await settled(waiting)).toBe(true);
    const ofNewViewer = inViewDrawing('a');
    ofClosedViewer();
    expect(await settled(untilViewDrawn('a', 600))).toBe(false);
    ofNewViewer();
    expect(await settled(untilViewDrawn('a', 600))).toBe(true);
  });

  it('every open waiting on the same document goes on together, leaving no timer behind', async () => {
    vi.useFakeTimers();
    const drawing = inViewDrawing('a');
    const first = untilViewDrawn('a', 600);
    const second = untilViewDrawn('a', 600);
    drawing();
    expect([await settled(first), await settled(second)]).toEqual([true, true]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("an open asks for a PDF's result once pdf.js has read the file", () => {
  it('waits for that document, at once when it is open already, again after its viewer closed', async () => {
    vi.useFakeTimers();
    const waiting = untilPdfOpened('a', 400);
    pdfOpened('b');
    expect(await settled(waiting)).toBe(false);
    pdfOpened('a');
    expect(await settled(waiting)).toBe(true);
    expect(await settled(untilPdfOpened('a', 400))).toBe(true);
    viewClosed('a');
    expect(await settled(untilPdfOpened('a', 400))).toBe(false);
  });

  it('no longer than its limit (pdf.js slow on a huge file, or the viewer never mounted)', async () => {
    vi.useFakeTimers();
    const waiting = untilPdfOpened('a', 400);
    vi.advanceTimersByTime(399);
    expect(await settled(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
