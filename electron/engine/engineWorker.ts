/**
 * Worker-thread entry of the local engine (bundled to dist/electron/engine-worker.mjs), so a
 * long parse never blocks the main process, and pdf.js never loads there. One worker per
 * task: cancelling terminates it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AppError, type AppErrorData } from '../../shared/errors.js';
import { makeDecryptedCopy } from './decryptedCopy.js';
import { parseDocument } from './parseDocument.js';
import { readablePdfPageCount } from './readablePdf.js';
import type { EngineWorkerInput, EngineWorkerMessage } from './workerProtocol.js';

const post = (message: EngineWorkerMessage) => parentPort?.postMessage(message);

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

function run(input: EngineWorkerInput): Promise<EngineWorkerMessage> {
  switch (input.task) {
    case 'pageCount':
      return readablePdfPageCount(input.bytes, input.filename, input.password).then((pages) => ({ type: 'pageCount', pages }));
    case 'decrypt': {
      const stop = heartbeat();
      return makeDecryptedCopy(input.bytes, input.filename, input.password)
        .then((copy): EngineWorkerMessage => ({ type: 'decrypted', bytes: copy.bytes, pages: copy.pages }))
        .finally(stop);
    }
    case 'parse':
      return parseDocument(input.bytes, input.options, {
        filename: input.filename,
        pageBudgetMs: input.pageBudgetMs,
        skipPages: new Map(input.skipPages),
        ...(input.password === undefined ? {} : { password: input.password }),
        onPageStart: (page) => post({ type: 'pageStart', page }),
        onOcrProgress: postOcr,
        onProgress: (done, total) => post({ type: 'progress', done, total }),
      }).then((response) => ({ type: 'result', response }));
  }
}

run(workerData as EngineWorkerInput)
  .then(post)
  .catch((error: unknown) => post({ type: 'error', error: toErrorData(error) }));
