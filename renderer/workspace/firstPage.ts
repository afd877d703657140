/**
 * Whether a PDF's view has been drawn: every page in view when it opened. An open waits for
 * that (at most FIRST_PAGE_WAIT_MS) before it shows its result: the result's first render
 * (some 60 ms on a 1,000-page document: the Markdown, the boxes, the fields) and the work it
 * sets off compete with pdf.js, whose workers share this machine's cores and hand each
 * drawing over on this thread, and the page is what a reviewer looks at first. Measured on a
 * 1,000-page document, showing the result while pdf.js still opened the file made the first
 * page some 300 ms later. Every page in view, not the first to finish: the page below the
 * first can finish first, and the result's render then held the first one back.
 */
export const FIRST_PAGE_WAIT_MS = 600;

/** Per document open in a viewer: the drawings of pages in view under way, and whether they have all ended. */
interface View {
  drawing: number;
  drawn: boolean;
}
const views = new Map<string, View>();
const waiting = new Map<string, Set<() => void>>();

/** A page of `documentId` in view started drawing; the function returned says it ended (drawn, failed or given up; twice counts once). */
export function inViewDrawing(documentId: string): () => void {
  let view = views.get(documentId);
  if (!view) views.set(documentId, (view = { drawing: 0, drawn: false }));
  view.drawing++;
  let ended = false;
  return () => {
    // A drawing of a viewer closed since counts for nothing.
    if (ended || views.get(documentId) !== view) return;
    ended = true;
    if (--view.drawing > 0 || view.drawn) return;
    view.drawn = true;
    release(documentId);
  };
}

/** The viewer of `documentId` has closed (or could not open the file): nothing of it is drawing or on screen. */
export function viewClosed(documentId: string): void {
  views.delete(documentId);
  opened.delete(documentId);
  release(documentId);
  releaseOpened(documentId);
}

/**
 * PDFs pdf.js has opened (read their structure) in a viewer. An open asks for its result only
 * once that is done (at most PDF_OPEN_WAIT_MS): the result's model (some 20 MB for 1,000
 * pages) read, sent and decoded meanwhile took the cores pdf.js was reading the file with, and
 * made the first page some 200 ms later on a 1,000-page document. Asked for then, the result
 * comes while the first page draws.
 */
export const PDF_OPEN_WAIT_MS = 400;
const opened = new Set<string>();
const waitingForOpen = new Map<string, Set<() => void>>();

/** pdf.js has opened `documentId` in its viewer, or could not: either way the result may come now. */
export function pdfOpened(documentId: string): void {
  opened.add(documentId);
  releaseOpened(documentId);
}

/** Settles once the viewer of `documentId` has opened its PDF, or after `maxMs`. */
export function untilPdfOpened(documentId: string, maxMs = PDF_OPEN_WAIT_MS): Promise<void> {
  return opened.has(documentId) ? Promise.resolve() : waitFor(waitingForOpen, documentId, maxMs);
}

function releaseOpened(documentId: string): void {
  for (const resolve of waitingForOpen.get(documentId) ?? []) resolve();
  waitingForOpen.delete(documentId);
}

function release(documentId: string): void {
  for (const resolve of waiting.get(documentId) ?? []) resolve();
  waiting.delete(documentId);
}

/** Settles once the pages in view of `documentId` have been drawn, or after `maxMs`. */
export function untilViewDrawn(documentId: string, maxMs = FIRST_PAGE_WAIT_MS): Promise<void> {
  return views.get(documentId)?.drawn ? Promise.resolve() : waitFor(waiting, documentId, maxMs);
}

/** A wait in `waiters` for `documentId`, settled by whoever releases it or after `maxMs`. */
function waitFor(waiters: Map<string, Set<() => void>>, documentId: string, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const forDocument = waiters.get(documentId) ?? new Set();
    waiters.set(documentId, forDocument);
    const done = () => {
      clearTimeout(timer);
      forDocument.delete(done);
      if (forDocument.size === 0 && waiters.get(documentId) === forDocument) waiters.delete(documentId);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    forDocument.add(done);
  });
}
