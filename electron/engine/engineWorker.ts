/**
 * Worker-thread entry of the local engine (bundled to dist/electron/engine-worker.mjs), so a
 * long parse never blocks the main process, and pdf.js never loads there. Tasks arrive one
 * at a time as messages (the supervisor sends the next only after this one's final answer);
 * cancelling terminates the worker.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { AppError, type AppErrorData } from '../../shared/errors.js';
import { makeDecryptedCopy } from './decryptedCopy.js';
import { parseDocument } from './parseDocument.js';
import { servePdfjs, usePdfjsThread } from './pdfjsThread.js';
import { readablePdfPageCount } from './readablePdf.js';
import type { EngineWorkerInput, EngineWorkerMessage, EngineWorkerPost } from './workerProtocol.js';

/**
 * Progress and written pages wait for the next message that must go at once (a page's start,
 * a heartbeat, the answer) or the end of the event loop's turn, and cross with it: one wake of
 * main per page, not three. A page's start goes at once, so a page that never finishes is named.
 */
let held: EngineWorkerMessage[] = [];
let flushScheduled = false;
/** Sends what is held, then `message` if any, as one post. */
function send(message?: EngineWorkerMessage): void {
  const messages = message ? [...held, message] : held;
  held = [];
  if (messages.length === 0) return;
  const post: EngineWorkerPost = messages.length === 1 ? (messages[0] as EngineWorkerMessage) : { type: 'batch', messages };
  parentPort?.postMessage(post);
}
const flush = () => {
  flushScheduled = false;
  send();
};
const post = (message: EngineWorkerMessage) => {
  if (message.type !== 'progress' && message.type !== 'page') return send(message);
  held.push(message);
  if (flushScheduled) return;
  flushScheduled = true;
  setImmediate(flush);
};

function toErrorData(error: unknown): AppErrorData {
  if (error instanceof AppError) return error.toData();
  return { code: 'engine_failed', message: `The local engine failed: ${error instanceof Error ? error.message : String(error)}` };
}

/** A whole-document task has no pages to report: it says it is alive, so the supervisor does not take it for stuck. */
function heartbeat(): () => void {
  const timer = setInterval(() => post({ type: 'working' }), 2_000);
  return () => clearInterval(timer);
}

/** OCR reports its progress in small steps; the supervisor hears of each page's start and of every tenth. */
let lastOcr = { page: 0, step: -1 };
const postOcr = (page: number, fraction: number) => {
  const step = Math.floor(fraction * 10);
  if (page === lastOcr.page && step === lastOcr.step) return;
  lastOcr = { page, step };
  post({ type: 'ocr', page, fraction });
};

/** The task's final answer, and what of it moves to main rather than being copied. */
type Answer = [EngineWorkerMessage, ArrayBuffer[]?];

// The task's bytes are this thread's own (moved here, not copied). A page count hands them
// to pdf.js as they are; a parse keeps them, to reopen the document after a failed page, and
// a decryption too, since pdf-lib reads them again after pdf.js.
function run(input: EngineWorkerInput): Promise<Answer> {
  lastOcr = { page: 0, step: -1 };
  switch (input.task) {
    case 'pageCount':
      return readablePdfPageCount(input.bytes, input.filename, input.password, true).then((pages) => [{ type: 'pageCount', pages }]);
    case 'decrypt': {
      const stop = heartbeat();
      return makeDecryptedCopy(input.bytes, input.filename, input.password)
        .then((copy): Answer => [{ type: 'decrypted', bytes: copy.bytes, pages: copy.pages }, movable(copy.bytes)])
        .finally(stop);
    }
    case 'parse': {
      // Each page goes to main as it is finished, so its copy is made (here) and taken in
      // (there) while later pages are read, not as one graph of the whole document at the end.
      let streamedPages = 0;
      return parseDocument(input.bytes, input.options, {
        filename: input.filename,
        handOverBytes: true,
        pageBudgetMs: input.pageBudgetMs,
        skipPages: new Map(input.skipPages),
        ...(input.password === undefined ? {} : { password: input.password }),
        onPageStart: (page) => post({ type: 'pageStart', page }),
        onOcrProgress: postOcr,
        onProgress: (done, total) => post({ type: 'progress', done, total }),
        onPageWritten: (node) => {
          streamedPages++;
          post({ type: 'page', node });
        },
      }).then((response): Answer => [
        { type: 'result', response: { ...response, structure: { ...response.structure, children: [] } }, streamedPages },
      ]);
    }
  }
}

/** A buffer that is the bytes' alone can move to main; a view into a bigger one is copied. */
const movable = (bytes: Uint8Array): ArrayBuffer[] =>
  bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer] : [];

const role = (workerData as { role?: string; port?: MessagePort } | null) ?? {};
if (role.role === 'pdfjs' && role.port) {
  // This bundle started again by itself, as the thread pdf.js reads the PDF in (pdfjsThread.ts).
  void servePdfjs(role.port);
} else {
  usePdfjsThread(new URL(import.meta.url));
  parentPort?.on('message', (input: EngineWorkerInput) => {
    run(input)
      .then(([message, transfer]) => {
        // The answer crosses alone, after everything before it.
        send();
        parentPort?.postMessage(message, transfer);
      })
      .catch((error: unknown) => {
        send();
        parentPort?.postMessage({ type: 'error', error: toErrorData(error) } satisfies EngineWorkerMessage);
      });
  });
}
