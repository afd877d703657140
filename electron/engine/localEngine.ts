import type { ParseResponse, StructureNode } from '../../shared/contracts/v2Parse.js';
import { AppError } from '../../shared/errors.js';
import { activeConfig } from '../core/config.js';
import { PARSER_HOST_GONE, type HostedWorker } from '../parserHost/parserHost.js';
import { findWorkerFile } from '../core/workerFile.js';
import { ENGINE_LIMITS, type EngineLimits } from './engineLimits.js';
import { overBudgetReason } from './pageText.js';
import { cancelledError } from './cancelled.js';
import type { EngineWorkerInput, EngineWorkerMessage, EngineWorkerPost } from './workerProtocol.js';
import { releaseEngineWorker, takeEngineWorker } from './workerPool.js';

export interface LocalParseHooks {
  filename?: string;
  /** Called after each page: pages read so far, pages to read. */
  onProgress?: (done: number, total: number) => void;
  /** Called as a page is read by OCR: the page, and how far OCR has got on it (0–1). */
  onOcrProgress?: (page: number, fraction: number) => void;
  /** Aborting terminates the worker; the promise rejects with code `cancelled`. */
  signal?: AbortSignal;
  /** The bundled worker; found beside the main bundle when not given. */
  workerPath?: string;
  /** Tests tighten the budgets; the app uses `ENGINE_LIMITS`. */
  limits?: Partial<EngineLimits>;
  /** Opens a PDF that needs a password; handed to the worker only. */
  password?: string;
}

/** The bundled engine worker (GROUNDWORK_ENGINE_WORKER overrides). */
export function findEngineWorker(): string {
  return findWorkerFile('engine-worker.mjs', {
    override: activeConfig().engineWorker,
    code: 'engine_unavailable',
    name: "The local engine's worker",
  });
}

/**
 * Parses a PDF with the local engine in a worker thread, off the main process's event loop.
 * A page that stops the worker (stuck past its budget, or over the memory ceiling) is
 * reported failed and the document is read again past it, up to `maxStoppedPages` times.
 */
export async function parseLocally(bytes: Uint8Array, options: unknown = {}, hooks: LocalParseHooks = {}): Promise<ParseResponse> {
  const limits = { ...ENGINE_LIMITS, ...hooks.limits };
  const deadline = performance.now() + limits.documentBudgetMs;
  const skipPages = new Map<number, string>();
  let shown = 0;
  const onProgress = (done: number, total: number) => {
    // A restart reads again from the first page; the bar does not jump back.
    if (done > shown) hooks.onProgress?.((shown = done), total);
  };
  for (;;) {
    const input: EngineWorkerInput = {
      task: 'parse',
      bytes,
      options,
      filename: hooks.filename ?? 'document.pdf',
      pageBudgetMs: limits.pageBudgetMs,
      skipPages: [...skipPages],
      ...withPassword(hooks.password),
    };
    try {
      const message = await runEngineWorker(input, { ...hooks, onProgress }, limits, deadline);
      if (message.type !== 'result') throw new AppError({ code: 'engine_failed', message: 'The local engine answered out of turn.' });
      return message.response;
    } catch (error) {
      if (!(error instanceof PageStoppedWorker) || skipPages.size >= limits.maxStoppedPages)
        throw error instanceof PageStoppedWorker ? error.documentError : error;
      skipPages.set(error.page, error.reason);
    }
  }
}

/** Opens a PDF in the engine worker: its page count, or `corrupt_pdf` / `password_required` / `wrong_password`. */
export async function countPdfPagesInWorker(
  bytes: Uint8Array,
  filename: string,
  hooks: Pick<LocalParseHooks, 'signal' | 'workerPath' | 'limits' | 'password'> = {},
): Promise<number> {
  const limits = { ...ENGINE_LIMITS, ...hooks.limits };
  try {
    const message = await runEngineWorker(
      { task: 'pageCount', bytes, filename, ...withPassword(hooks.password) },
      hooks,
      limits,
      performance.now() + limits.documentBudgetMs,
    );
    if (message.type !== 'pageCount') throw new AppError({ code: 'engine_failed', message: 'The local engine answered out of turn.' });
    return message.pages;
  } catch (error) {
    throw error instanceof PageStoppedWorker ? error.documentError : error;
  }
}

/**
 * A decrypted copy of an encrypted PDF, made in the engine worker (see decryptedCopy.ts):
 * its bytes and page count, the same as the original's. `password` is needed only for a PDF
 * that asks for one.
 */
export async function decryptInWorker(
  bytes: Uint8Array,
  filename: string,
  hooks: Pick<LocalParseHooks, 'signal' | 'workerPath' | 'limits' | 'password'> = {},
): Promise<{ bytes: Uint8Array; pages: number }> {
  const limits = { ...ENGINE_LIMITS, ...hooks.limits };
  try {
    const message = await runEngineWorker(
      { task: 'decrypt', bytes, filename, ...withPassword(hooks.password) },
      hooks,
      limits,
      performance.now() + limits.documentBudgetMs,
    );
    if (message.type !== 'decrypted') throw new AppError({ code: 'engine_failed', message: 'The local engine answered out of turn.' });
    return { bytes: message.bytes, pages: message.pages };
  } catch (error) {
    throw error instanceof PageStoppedWorker ? error.documentError : error;
  }
}

const withPassword = (password: string | undefined) => (password === undefined ? {} : { password });

/** The worker stopped while reading one page: that page is failed, the document may go on. */
class PageStoppedWorker extends Error {
  constructor(
    readonly page: number,
    readonly reason: string,
    /** What the user hears if no more pages may be skipped. */
    readonly documentError: AppError,
  ) {
    super(reason);
  }
}

type FinalMessage = Exclude<
  EngineWorkerMessage,
  { type: 'progress' } | { type: 'pageStart' } | { type: 'page' } | { type: 'working' } | { type: 'ocr' } | { type: 'error' }
>;

/**
 * One worker for one try: progress goes to the hooks, the final message resolves, errors
 * reject. The worker has its own heap ceiling; a worker silent past a page's budget plus
 * grace is stuck and is stopped, as is one past the document's deadline. A worker that
 * answered is kept warm for the next task (workerPool.ts); any other is ended.
 */
function runEngineWorker(input: EngineWorkerInput, hooks: LocalParseHooks, limits: EngineLimits, deadline: number): Promise<FinalMessage> {
  const { signal } = hooks;
  if (signal?.aborted) return Promise.reject(cancelledError());
  let worker: HostedWorker;
  try {
    // In the parser host (a process of its own): started here if none runs, or again after one died.
    worker = takeEngineWorker(hooks.workerPath ?? findEngineWorker(), {
      maxOldGenerationSizeMb: limits.maxHeapMb,
      stackSizeMb: limits.stackMb,
    });
  } catch (error) {
    return Promise.reject(error);
  }
  const fileName = input.filename;

  return new Promise<FinalMessage>((resolve, reject) => {
    let settled = false;
    let page: number | null = null;
    /** Pages of the response, as the worker sends them on. */
    const written: StructureNode[] = [];
    let stuckTimer: ReturnType<typeof setTimeout> | undefined;
    /** `answered`: the worker ended the task itself, so it may serve another; otherwise it is ended. */
    const finish = (outcome: () => void, answered = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(stuckTimer);
      clearTimeout(documentTimer);
      signal?.removeEventListener('abort', onAbort);
      if (answered && input.password === undefined) {
        worker.off('message', onPost);
        worker.off('error', onError);
        worker.off('exit', onExit);
        releaseEngineWorker(worker);
      } else void worker.terminate();
      outcome();
    };
    const onAbort = () => finish(() => reject(cancelledError()));
    signal?.addEventListener('abort', onAbort, { once: true });

    const documentTimer = setTimeout(
      () =>
        finish(() =>
          reject(
            new AppError({
              code: 'engine_timeout',
              message: `"${fileName}" took longer than ${Math.round(limits.documentBudgetMs / 60_000)} min to read with the local engine; it was stopped.`,
              hint: 'Parse fewer pages at a time (the "pages" option), or use the cloud parser.',
            }),
          ),
        ),
      Math.max(0, deadline - performance.now()),
    );
    const pageStopped = (reason: string, documentError: AppError) =>
      finish(() => reject(page === null ? documentError : new PageStoppedWorker(page, reason, documentError)));
    const watchForStuck = () => {
      if (settled) return;
      clearTimeout(stuckTimer);
      stuckTimer = setTimeout(
        () =>
          pageStopped(
            overBudgetReason(limits.pageBudgetMs),
            new AppError({
              code: 'engine_timeout',
              message: `The local engine got stuck reading "${fileName}"${page === null ? '' : ` (page ${page})`} and was stopped.`,
              hint: 'Use the cloud parser for this document.',
            }),
          ),
        limits.pageBudgetMs + limits.stuckGraceMs,
      );
    };
    // A new thread's clock starts once it runs: starting the parser host's process (after a
    // crash, or on a busy machine) is not the page's time. A kept one is running already.
    if (worker.online) watchForStuck();
    else worker.once('online', watchForStuck);

    const onPost = (post: EngineWorkerPost) => {
      if (post.type !== 'batch') return onMessage(post);
      for (const message of post.messages) onMessage(message);
    };
    const onMessage = (message: EngineWorkerMessage) => {
      watchForStuck();
      if (message.type === 'working') return;
      if (message.type === 'pageStart') page = message.page;
      else if (message.type === 'page') written.push(message.node);
      else if (message.type === 'ocr') {
        if (!settled) hooks.onOcrProgress?.(message.page, message.fraction);
      } else if (message.type === 'progress') {
        if (!settled) hooks.onProgress?.(message.done, message.total);
      } else if (message.type === 'error') finish(() => reject(new AppError(message.error)), true);
      else if (message.type === 'result' && message.streamedPages !== undefined) {
        if (written.length !== message.streamedPages) {
          finish(() =>
            reject(
              new AppError({
                code: 'engine_failed',
                message: `The local engine sent ${written.length} of the ${message.streamedPages} pages of "${fileName}".`,
                hint: 'Parse the document again; if this happens again, use the cloud parser.',
              }),
            ),
          );
        } else {
          message.response.structure.children = written;
          finish(() => resolve(message), true);
        }
      } else finish(() => resolve(message), true);
    };
    const onError = (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        const ceiling = `${Math.round(limits.maxHeapMb / 102.4) / 10} GB`;
        pageStopped(
          `This page needs more memory than the local engine allows (${ceiling}), so it was skipped. Run the cloud parser (engine "parse") on this page.`,
          new AppError({
            code: 'engine_out_of_memory',
            message: `"${fileName}" needs more memory than the local engine allows (${ceiling}).`,
            hint: 'Use the cloud parser for this document.',
          }),
        );
      } else if (error.code === PARSER_HOST_GONE) {
        // The whole process that reads documents died (a native crash, killed, out of memory): this
        // run fails; main was never in danger, and the next run starts that process again.
        finish(() =>
          reject(
            new AppError({
              code: 'engine_crashed',
              message: `The local engine stopped while reading "${fileName}"${page === null ? '' : ` (page ${page})`}: ${error.message}.`,
              hint: 'Run it again: the engine starts afresh. If this document stops it again, use the cloud parser.',
            }),
          ),
        );
      } else finish(() => reject(new AppError({ code: 'engine_failed', message: `The local engine crashed: ${error.message}` })));
    };
    const onExit = (code: number) =>
      finish(() => reject(new AppError({ code: 'engine_failed', message: `The local engine stopped unexpectedly (exit code ${code}).` })));
    worker.on('message', onPost);
    worker.on('error', onError);
    worker.on('exit', onExit);
    // The worker gets a copy of the bytes of its own, moved rather than cloned: the caller's
    // stay usable (a restart sends them again), and a page count hands the copy to pdf.js.
    const own = new Uint8Array(input.bytes);
    worker.postMessage({ ...input, bytes: own }, [own.buffer]);
  });
}
