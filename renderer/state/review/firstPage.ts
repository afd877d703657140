/**
 * The order of an open's work on a PDF, so the page a reviewer looks at first comes first.
 * Each step was measured on the 1,000-page bench document (`npm run bench`):
 * - The result is asked for once pdf.js has read the file (`untilPdfOpened`, at most
 *   PDF_OPEN_WAIT_MS): its model (12 MB) read, sent and decoded meanwhile took the cores
 *   pdf.js read the file with, and pdf.js took some 200 ms longer.
 * - The result shows once every page in view has drawn (`untilViewDrawn`, at most
 *   FIRST_PAGE_WAIT_MS): its first render and the work it sets off compete with pdf.js,
 *   whose drawings are handed over on this thread (shown while pdf.js still read the file,
 *   it made the first page some 300 ms later). Every page in view, not the first to finish:
 *   the page below the first can finish first, and the result's render then held the first back.
 */
export const PDF_OPEN_WAIT_MS = 400;
export const FIRST_PAGE_WAIT_MS = 600;

/** Per document open in a viewer: the drawings of pages in view under way, and whether they have all ended. */
interface View {
  drawing: number;
  drawn: boolean;
}
const views = new Map<string, View>();
/** Documents whose viewer has had pdf.js open the file (or fail to). */
const opened = new Set<string>();
const waitingForView = new Map<string, Set<() => void>>();
const waitingForOpen = new Map<string, Set<() => void>>();

/** pdf.js has opened `documentId` in its viewer, or could not: either way its result may come now. */
export function pdfOpened(documentId: string): void {
  opened.add(documentId);
  release(waitingForOpen, documentId);
}

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
    release(waitingForView, documentId);
  };
}

/** The viewer of `documentId` has closed (or could not open the file): nothing of it is drawing or on screen. */
export function viewClosed(documentId: string): void {
  views.delete(documentId);
  opened.delete(documentId);
  release(waitingForView, documentId);
  release(waitingForOpen, documentId);
}

/** Settles once the viewer of `documentId` has had pdf.js open its file, or after `maxMs`. */
export function untilPdfOpened(documentId: string, maxMs = PDF_OPEN_WAIT_MS): Promise<void> {
  return opened.has(documentId) ? Promise.resolve() : waitFor(waitingForOpen, documentId, maxMs);
}

/** Settles once the pages in view of `documentId` have been drawn, or after `maxMs`. */
export function untilViewDrawn(documentId: string, maxMs = FIRST_PAGE_WAIT_MS): Promise<void> {
  return views.get(documentId)?.drawn ? Promise.resolve() : waitFor(waitingForView, documentId, maxMs);
}

/** A wait in `waiters` for `documentId`, settled by `release` or after `maxMs`. */
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

function release(waiters: Map<string, Set<() => void>>, documentId: string): void {
  for (const resolve of waiters.get(documentId) ?? []) resolve();
  waiters.delete(documentId);
}
