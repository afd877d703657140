import type { PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { PDFJS_DOCUMENT_OPTIONS } from '../../shared/pdf/pdfjsOptions.js';
import { isStale, StaleScope } from '../state/review/documentScope.js';
import { DrawQueue, WithdrawnWork } from './drawQueue.js';
import { CLOSE_BUDGET_MS, endWorkers, giveBack, keepPairReady, loadPdfjs, openWith, takeWorkers } from './pdfjsWorkers.js';

export interface PageSize {
  width: number;
  height: number;
}

/** One page drawing; cancelled when its page scrolls away or its document closes. */
export interface PageDrawing {
  promise: Promise<void>;
  /** Withdraws the drawing (before its turn) or stops it, and gives pdf.js's copy of the page back. */
  cancel(): void;
}

/** Drawings of one document that run at once; the rest wait their turn (as in pdf.js's own viewer). */
const DRAWS_AT_ONCE = 2;

/**
 * Different pages drawn before pdf.js is told to let go of what it keeps for them (its worker's
 * parsed pages, fonts and objects grow with every page drawn: 34 MB after scrolling 1,000 pages,
 * 7 MB once released). It is told when no page is drawing; the fonts are then read again, once
 * per 20 new pages, while a reviewer going back and forth between a few pages never pays it.
 */
const PAGES_BEFORE_RELEASE = 20;

/** A drawing that ended without a picture because it was no longer wanted: not the page's failure. */
export function drawingAbandoned(error: unknown): boolean {
  return isStale(error) || error instanceof WithdrawnWork || (error instanceof Error && error.name === 'RenderingCancelledException');
}

/**
 * A PDF open for display. pdf.js throws synchronously when asked for a page of a document
 * already destroyed ("reading 'sendWithPromise'"); this handle instead answers every call
 * after `close` with a rejected StaleScope, which page components ignore. So a page that
 * draws while the reviewer switches documents can never take the window down.
 */
export interface PdfHandle {
  readonly numPages: number;
  readonly firstPageSize: PageSize;
  readonly closed: boolean;
  /**
   * Draws a page into `canvas` at `cssWidth` CSS pixels (times the device pixel ratio), after
   * telling `onSize` the page's own size. Queued behind the document's other drawings; a page
   * `inView` goes before pages that are only near the view (see DrawQueue).
   */
  drawPage(number: number, canvas: HTMLCanvasElement, cssWidth: number, onSize?: (size: PageSize) => void, inView?: boolean): PageDrawing;
  close(): void;
}

/** US Letter in PDF points: the size a page takes until pdf.js can say its own. */
const LETTER = { width: 612, height: 792 } as const;

/**
 * Opens PDF bytes for display; `signal` closes it (before or after it has opened). The bytes
 * are copied: pdf.js transfers (detaches) what it is given. `password` opens a PDF that
 * needs one (an encrypted PDF with only an owner password opens without).
 */
export async function openPdf(bytes: Uint8Array, signal: AbortSignal, password?: string): Promise<PdfHandle> {
  const { getDocument } = await loadPdfjs();
  const workers = takeWorkers();
  const loading = openWith(workers, (worker) => getDocument({ ...PDFJS_DOCUMENT_OPTIONS, data: bytes.slice(), password, worker }));
  let closed = false;
  const drawings = new Set<PageDrawing>();
  const close = () => {
    if (closed) return;
    closed = true;
    for (const drawing of drawings) drawing.cancel();
    // Workers handed to pdf.js stay the caller's: kept for the next document once this one has let go of them.
    const stuck = setTimeout(() => endWorkers(workers), CLOSE_BUDGET_MS);
    void loading
      .destroy()
      .then(
        () => giveBack(workers),
        () => endWorkers(workers),
      )
      .finally(() => clearTimeout(stuck));
  };
  if (signal.aborted) close();
  signal.addEventListener('abort', close, { once: true });
  const stale = () => Promise.reject(new StaleScope('pdf'));
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    if (closed) return stale();
    try {
      return await work();
    } catch (error) {
      if (closed) return stale();
      throw error;
    }
  };

  const doc = await guard(() => loading.promise);
  const drawnSinceRelease = new Set<number>();
  const queue = new DrawQueue(DRAWS_AT_ONCE, () => {
    if (closed) return;
    // Starting two workers costs this thread some 7 ms: not in the frames that show the result just opened.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(keepPairReady);
    else keepPairReady();
    if (drawnSinceRelease.size < PAGES_BEFORE_RELEASE) return;
    const drawn = [...drawnSinceRelease];
    drawnSinceRelease.clear();
    // Refused while a page draws (none does when the queue is idle); the next idle asks again.
    doc.cleanup().catch(() => drawn.forEach((page) => drawnSinceRelease.add(page)));
  });
  // Like pdf.js's own viewer: every page starts with the first page's size; a page that
  // differs reports its own size when it is drawn. Opening never walks all pages.
  // A first page pdf.js cannot read (a hostile page dictionary) fails alone, as any page does
  // when drawn: the others still open, at the size of a Letter page until they are drawn.
  const first = await guard(() => doc.getPage(1)).then(
    (page) => page.getViewport({ scale: 1 }),
    (error: unknown) => {
      if (isStale(error)) throw error;
      return LETTER;
    },
  );
  return {
    numPages: doc.numPages,
    firstPageSize: { width: first.width, height: first.height },
    get closed() {
      return closed;
    },
    drawPage(number, canvas, cssWidth, onSize, inView = false) {
      if (closed) return { promise: stale(), cancel: () => undefined };
      let cancelled = false;
      let proxy: PDFPageProxy | null = null;
      let task: RenderTask | null = null;
      const queued = queue.add(async () => {
        try {
          proxy = await guard(() => doc.getPage(number));
          if (cancelled) return stale();
          drawnSinceRelease.add(number);
          const base = proxy.getViewport({ scale: 1 });
          onSize?.({ width: base.width, height: base.height });
          const viewport = proxy.getViewport({ scale: (cssWidth / base.width) * (window.devicePixelRatio || 1) });
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          task = proxy.render({ canvas, viewport });
          await task.promise;
        } catch (error) {
          // A page given up on meanwhile: whatever went wrong after is not its failure (nor the next page's).
          if (cancelled) return stale();
          throw error;
        }
      }, inView);
      const drawing: PageDrawing = {
        promise: queued.promise.finally(() => drawings.delete(drawing)),
        cancel: () => {
          cancelled = true;
          queued.withdraw();
          task?.cancel();
          // pdf.js keeps a drawn page's operator list until told: a page scrolled past gives it
          // back (once its cancelled drawing has stopped), as pdf.js's own viewer does.
          proxy?.cleanup();
        },
      };
      drawings.add(drawing);
      return drawing;
    },
    close,
  };
}
