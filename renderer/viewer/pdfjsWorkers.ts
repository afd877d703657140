import type * as PdfjsModule from 'pdfjs-dist';
import type { PDFWorker } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import rendererUrl from 'pdfjs-dist/build/pdf.renderer.min.mjs?url';

type Pdfjs = typeof PdfjsModule;
let pdfjs: Pdfjs | null = null;
let loading: Promise<Pdfjs> | null = null;

/**
 * pdf.js's module (0.5 MB), loaded apart from the window's own script: the window's first
 * screen (the library) draws without it. Loaded once; a load that failed is tried again.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= import('pdfjs-dist').then(
    (module) => {
      // pdf.js parses in its own worker and draws pages in another (OffscreenCanvas, handing back a
      // bitmap), both served from our origin (CSP worker-src 'self'): this thread keeps only the clicks,
      // so a page drawing never holds up the frame that shows a highlight.
      module.GlobalWorkerOptions.workerSrc = workerUrl;
      pdfjs = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The module once loadPdfjs has settled: everything below runs for a document opened with it. */
function loaded(): Pdfjs {
  if (!pdfjs) throw new Error('pdf.js is used before loadPdfjs() settled');
  return pdfjs;
}

/** The two workers a document owns while it is open. `drawing` is null where Worker does not exist. */
export interface DocumentWorkers {
  parsing: PDFWorker;
  drawing: Worker | null;
}

/**
 * One pair kept ready, so opening a document never waits for pdf.js's scripts (1.3 MB to parse
 * with, 0.5 MB to draw with) to load and compile: started once the library is listed
 * (prepareViewer) and again once the document that took it has drawn its first pages (a document opened next always
 * opens before the one it replaces has let go of its pair), and taken back from a document that
 * closed cleanly when none is ready. A document owns its pair while open; a pair
 * whose document did not let go within CLOSE_BUDGET_MS (pdf.js stuck on a hostile file, or a
 * drawing that hangs) is ended, never handed on. The drawing worker is lent as a port because
 * pdf.js ends one it starts itself, and looks for a free port only when a document opens: a
 * document opened while the last one was still letting go would otherwise start its own.
 */
let ready: DocumentWorkers | null = null;
export const CLOSE_BUDGET_MS = 3000;

/** Drawing workers that failed (pdf.js then draws on this thread): never lent again. */
const failedDrawing = new WeakSet<Worker>();
/** Drawing workers that answered pdf.js's connection for the document they are lent to. */
const connected = new WeakSet<Worker>();

function startDrawing(): Worker | null {
  if (typeof Worker !== 'function') return null;
  const worker = new Worker(rendererUrl, { type: 'module' });
  worker.addEventListener('error', () => failedDrawing.add(worker));
  worker.addEventListener('messageerror', () => failedDrawing.add(worker));
  // Its answer to a document's connection (its first answer, on starting, goes to "main"). One
  // that never answered is also one pdf.js may still count as in use: handed on, it would leave
  // every later document drawing on this thread.
  worker.addEventListener('message', ({ data }: MessageEvent<{ action?: unknown; targetName?: unknown }>) => {
    if (data?.action === 'ready' && data.targetName !== 'main') connected.add(worker);
  });
  return worker;
}

function startPair(): DocumentWorkers {
  return { parsing: new (loaded().PDFWorker)(), drawing: startDrawing() };
}

const healthy = (pair: DocumentWorkers) => !pair.parsing.destroyed && !(pair.drawing && failedDrawing.has(pair.drawing));

/** The ready pair, or a new one. */
export function takeWorkers(): DocumentWorkers {
  const kept = ready;
  ready = null;
  if (kept && !healthy(kept)) endWorkers(kept);
  const taken = kept && healthy(kept) ? kept : startPair();
  if (taken.drawing) connected.delete(taken.drawing);
  return taken;
}

/** pdf.js's `getDocument`, called with `workers`: pdf.js takes a drawing port only as a document opens. */
export function openWith<T>(workers: DocumentWorkers, open: (parsing: PDFWorker) => T): T {
  const options = loaded().GlobalWorkerOptions;
  options.rendererPorts = workers.drawing ? [workers.drawing] : [];
  try {
    return open(workers.parsing);
  } finally {
    options.rendererPorts = [];
  }
}

/** A pair whose document has let go of it cleanly: kept for the next one (ended if one is kept already). */
export function giveBack(workers: DocumentWorkers): void {
  const answered = !workers.drawing || connected.has(workers.drawing);
  if (ready || !healthy(workers) || !answered) endWorkers(workers);
  else ready = workers;
}

export function endWorkers(workers: DocumentWorkers): void {
  workers.parsing.destroy();
  workers.drawing?.terminate();
}

/** Starts the pair the next document will take, unless one is ready (pdf.js is loaded: a document has opened). */
export function keepPairReady(): void {
  ready ??= startPair();
}

/**
 * Loads pdf.js and starts a pair, so the first document opened waits for neither: called once
 * the window's first screen has what it shows first, and not before (both compete with it).
 */
export function prepareViewer(): void {
  loadPdfjs().then(keepPairReady, () => undefined);
}
