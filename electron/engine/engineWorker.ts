/**
 * Worker-thread entry of the local engine (bundled to dist/electron/engine-worker.mjs), so a
 * long parse never blocks the main process, and pdf.js never loads there. One worker per
 * task: cancelling terminates it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AppError, type AppErrorData } from '../../shared/errors.js';
import { parseDocument } from './parseDocument.js';
import { readablePdfPageCount } from './readablePdf.js';
import type { EngineWorkerInput, EngineWorkerMessage } from './workerProtocol.js';

const post = (message: EngineWorkerMessage) => parentPort?.postMessage(message);

function toErrorData(error: unknown): AppErrorData {
  if (error instanceof AppError) return error.toData();
  return { code: 'engine_failed', message: `The local engine failed: ${error instanceof Error ? error.message : String(error)}` };
}

/** OCR reports its progress in small steps; the supervisor hears of each page's start and of every tenth. */
let lastOcr = { page: 0, step: -1 };
const postOcr = (page: number, fraction: number) => {
  const step = Math.floor(fraction * 10);
  if (page === lastOcr.page && step === lastOcr.step) return;
  lastOcr = { page, step };
  post({ type: 'ocr', page, fraction });
};

const input = workerData as EngineWorkerInput;
const work: Promise<EngineWorkerMessage> =
  input.task === 'pageCount'
    ? readablePdfPageCount(input.bytes, input.filename).then((pages) => ({ type: 'pageCount', pages }))
    : parseDocument(input.bytes, input.options, {
        filename: input.filename,
        pageBudgetMs: input.pageBudgetMs,
        skipPages: new Map(input.skipPages),
        onPageStart: (page) => post({ type: 'pageStart', page }),
        onOcrProgress: postOcr,
        onProgress: (done, total) => post({ type: 'progress', done, total }),
      }).then((response) => ({ type: 'result', response }));
work.then(post).catch((error: unknown) => post({ type: 'error', error: toErrorData(error) }));
