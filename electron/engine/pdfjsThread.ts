import { MessageChannel, Worker, resourceLimits, type MessagePort } from 'node:worker_threads';
import type { PDFWorker } from 'pdfjs-dist';
import { AppError } from '../../shared/errors.js';
import { PDFJS_DOCUMENT_OPTIONS } from '../../shared/pdf/pdfjsOptions.js';
import { loadPdfjs } from './pdfjsLoader.js';
import { PdfjsPort } from './pdfjsPort.js';

/**
 * pdf.js's own half (parsing the file, fonts, text content) in a thread of its own, beside
 * the engine's thread, as a viewer runs it beside its page: the engine lays out one page
 * while pdf.js reads the next. Started by the engine worker only (`usePdfjsThread`); in
 * process (tests, the service emulator) pdf.js keeps running in the caller's thread.
 *
 * The thread has a heap ceiling of its own, the engine worker's (the two together may hold
 * twice it). If it dies (out of memory, or a crash), the page being read fails with the reason and the document is opened again in a
 * new thread; a page that fails for any other reason (over its budget, a stuck read) also
 * gets a new thread, so one stuck in that page's work never holds up the next.
 */

/** The thread stopped while a page was being read. */
export class PdfjsThreadStopped extends Error {
  constructor(readonly outOfMemory: boolean) {
    super(outOfMemory ? 'pdf.js ran out of memory' : 'the PDF reader stopped');
  }
}

interface Thread {
  worker: Worker;
  port: MessagePort;
  pdfWorker: PDFWorker;
  /** Rejects with `PdfjsThreadStopped` once the thread is gone. */
  stopped: Promise<never>;
}

let entry: URL | null = null;
let current: Thread | null = null;

/**
 * From now on pdf.js runs in a thread started from `workerFile` (the engine worker's own
 * bundle, in its pdf.js role); with null, in the caller's thread again (a thread already
 * started waits, for `restartPdfjsThread` or the next switch back).
 */
export function usePdfjsThread(workerFile: URL | null): void {
  entry = workerFile;
}

/** Whether pdf.js runs in a thread of its own here. */
export function isPdfjsThreadUsed(): boolean {
  return entry !== null;
}

/** The thread's pdf.js worker for `getDocument`, started if need be; undefined when pdf.js runs in this thread. */
export async function pdfjsWorker(): Promise<Thread | undefined> {
  if (!entry) return undefined;
  const pdfjs = await loadPdfjs();
  if (current) return current;
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(entry, {
    workerData: { role: 'pdfjs', port: port2 },
    transferList: [port2],
    ...(resourceLimits.maxOldGenerationSizeMb
      ? { resourceLimits: { maxOldGenerationSizeMb: resourceLimits.maxOldGenerationSizeMb, stackSizeMb: resourceLimits.stackSizeMb } }
      : {}),
  });
  const stopped = new Promise<never>((_, reject) => {
    worker.once('error', (error: Error & { code?: string }) => reject(new PdfjsThreadStopped(error.code === 'ERR_WORKER_OUT_OF_MEMORY')));
    worker.once('exit', () => reject(new PdfjsThreadStopped(false)));
  });
  // Nobody may be waiting when it stops; the next read finds out.
  stopped.catch(() => undefined);
  const thread: Thread = {
    worker,
    port: port1,
    pdfWorker: pdfjs.PDFWorker.create({ port: new PdfjsPort(port1), verbosity: PDFJS_DOCUMENT_OPTIONS.verbosity } as unknown as Parameters<
      typeof pdfjs.PDFWorker.create
    >[0]),
    stopped,
  };
  current = thread;
  void stopped.catch(() => {
    if (current === thread) current = null;
  });
  return thread;
}

/** The thread pdf.js runs in now, if any. */
export function activePdfjsThread(): Thread | undefined {
  return (entry && current) ?? undefined;
}

/** The reason of a page that was being read when the thread stopped. */
export function threadStoppedReason(stopped: PdfjsThreadStopped): string {
  return stopped.outOfMemory
    ? `This page needs more memory than the local engine allows (${ceiling()}), so it was skipped. Run the cloud parser (engine "parse") on this page.`
    : 'This page could not be read: the PDF reader stopped while reading it. Run the cloud parser (engine "parse") on this page.';
}

/** The error of a document whose opening stopped the thread. */
export function threadStoppedError(stopped: PdfjsThreadStopped, fileName: string): AppError {
  return stopped.outOfMemory
    ? new AppError({
        code: 'engine_out_of_memory',
        message: `"${fileName}" needs more memory than the local engine allows (${ceiling()}).`,
        hint: 'Use the cloud parser for this document.',
      })
    : new AppError({
        code: 'engine_failed',
        message: `The local engine's PDF reader stopped while opening "${fileName}".`,
        hint: 'Use the cloud parser for this document.',
      });
}

const ceiling = () => `${Math.round((resourceLimits.maxOldGenerationSizeMb ?? 0) / 102.4) / 10} GB`;

/** Ends the thread (after a failed page, when it died, or when done with it); the next document or page starts a new one. */
export async function restartPdfjsThread(): Promise<void> {
  const thread = current;
  current = null;
  if (!thread) return;
  thread.pdfWorker.destroy();
  thread.port.close();
  await thread.worker.terminate();
}

/** `work`, or the thread's end if it stops first (in process: `work` alone). */
export function unlessPdfjsStops<T>(work: Promise<T>, thread: Thread | undefined): Promise<T> {
  return thread ? Promise.race([work, thread.stopped]) : work;
}

/** The pdf.js role of the engine worker's bundle: serve pdf.js's worker half on the port it was given. */
export async function servePdfjs(port: MessagePort): Promise<void> {
  const specifier = 'pdfjs-dist/build/pdf.worker.mjs';
  const { WorkerMessageHandler } = (await import(specifier)) as { WorkerMessageHandler: { initializeFromPort(port: unknown): void } };
  WorkerMessageHandler.initializeFromPort(new PdfjsPort(port));
}
