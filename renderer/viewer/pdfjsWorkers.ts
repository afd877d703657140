import { GlobalWorkerOptions, PDFWorker } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import rendererUrl from 'pdfjs-dist/build/pdf.renderer.min.mjs?url';

// pdf.js parses in its own worker and draws pages in another (OffscreenCanvas, handing back a
// bitmap), both served from our origin (CSP worker-src 'self'): this thread keeps only the clicks,
// so a page drawing never holds up the frame that shows a highlight.
GlobalWorkerOptions.workerSrc = workerUrl;
GlobalWorkerOptions.rendererSrc = rendererUrl;
// One drawing worker started with the window and lent to each open document in turn (pdf.js
// connects a document to a free one and lets go of it on close), so the first page never waits
// for one to start; a second document open at once (compare) starts its own from rendererSrc.
if (typeof Worker === 'function') GlobalWorkerOptions.rendererPorts = [new Worker(rendererUrl, { type: 'module' })];

/**
 * One parsing worker kept ready, so opening a document never waits for pdf.js's worker (1.3 MB
 * of script) to load and compile: started when the window is first idle, and taken back from
 * a document that closed cleanly. A document owns its worker while open; a worker whose document
 * did not let go within CLOSE_BUDGET_MS (pdf.js stuck on a hostile file) is ended, never handed on.
 */
let readyWorker: PDFWorker | null = null;
export const CLOSE_BUDGET_MS = 3000;

export function takeWorker(): PDFWorker {
  const worker = readyWorker && !readyWorker.destroyed ? readyWorker : new PDFWorker();
  readyWorker = null;
  return worker;
}

/** A worker whose document has let go of it cleanly: kept for the next one (ended if one is kept already). */
export function giveBack(worker: PDFWorker): void {
  if (worker.destroyed) return;
  if (readyWorker) worker.destroy();
  else readyWorker = worker;
}

if (typeof requestIdleCallback === 'function') requestIdleCallback(() => (readyWorker ??= new PDFWorker()), { timeout: 2000 });
