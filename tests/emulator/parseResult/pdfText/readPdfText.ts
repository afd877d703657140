import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PDF_TEXT_WORKER_SOURCE } from './pdfTextWorkerSource.js';

/** A box in viewport points, origin at the page's top left. */
export interface PointBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TextItem extends PointBox {
  str: string;
}

export interface PdfPageContent {
  /** 1-indexed. */
  page: number;
  width: number;
  height: number;
  items: TextItem[];
  images: PointBox[];
}

type Answer = { id: number; ok: true; pages: PdfPageContent[] } | { id: number; ok: false; error: string };

const PDFJS_URL = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
/** A document that takes longer is given up on (its worker is replaced); the caller falls back. */
const DOCUMENT_BUDGET_MS = 20_000;

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, (answer: Answer) => void>();

// pdf.js runs in a worker thread: its polyfills stay out of the emulator's (and the tests') realm,
// and a document that hangs it costs that worker only.
function pdfWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(PDF_TEXT_WORKER_SOURCE, {
    eval: true,
    workerData: { pdfjsUrl: PDFJS_URL },
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  started.unref();
  started.on('message', (answer: Answer) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  const fail = (error: string) => {
    if (worker === started) worker = null;
    for (const [id, resolve] of waiting) resolve({ id, ok: false, error });
    waiting.clear();
  };
  started.on('error', (error) => fail(`pdf.js failed: ${error.message}`));
  started.on('exit', (code) => fail(`pdf.js exited (${code})`));
  worker = started;
  return started;
}

/** Each page's text runs and image placements, read by pdf.js; throws when pdf.js cannot read the file. */
export async function readPdfText(bytes: Uint8Array, pages?: readonly number[]): Promise<PdfPageContent[]> {
  const target = pdfWorker();
  const id = nextId++;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answer = await new Promise<Answer>((resolve) => {
    waiting.set(id, resolve);
    timer = setTimeout(() => {
      waiting.delete(id);
      resolve({ id, ok: false, error: `pdf.js took over ${DOCUMENT_BUDGET_MS / 1000} s` });
      if (worker === target) worker = null;
      void target.terminate();
    }, DOCUMENT_BUDGET_MS);
    target.postMessage({ id, bytes: bytes.slice(), pages: pages ? [...pages] : undefined });
  }).finally(() => clearTimeout(timer));
  if (!answer.ok) throw new Error(answer.error);
  return answer.pages;
}
