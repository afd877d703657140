import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParseResponse } from '../../shared/contracts/v2Parse.js';
import { AppError } from '../../shared/errors.js';
import { cancelledError } from './parseDocument.js';
import type { EngineWorkerInput, EngineWorkerMessage } from './workerProtocol.js';

export interface LocalParseHooks {
  filename?: string;
  /** Called after each page: pages read so far, pages to read. */
  onProgress?: (done: number, total: number) => void;
  /** Aborting terminates the worker; the promise rejects with code `cancelled`. */
  signal?: AbortSignal;
  /** The bundled worker; found beside the main bundle when not given. */
  workerPath?: string;
}

const WORKER_FILE = 'engine-worker.mjs';

/**
 * Where the bundled worker is: beside the bundle that is running (dist/electron/ for the
 * Electron main, dist/preview/ reaches it in ../electron/). GROUNDWORK_ENGINE_WORKER overrides.
 */
export function findEngineWorker(): string {
  const override = process.env.GROUNDWORK_ENGINE_WORKER;
  if (override) return override;
  // The CommonJS bundle has __dirname; the ESM bundle (and vitest) have import.meta.url.
  const here = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));
  // Beside the bundle (the app, the preview); failing that, the built one in a checkout
  // (dev scripts run through scripts/run-ts.mjs, whose bundles live elsewhere).
  const candidates = [join(here, WORKER_FILE), join(here, '..', 'electron', WORKER_FILE), join(process.cwd(), 'dist', 'electron', WORKER_FILE)];
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new AppError({
      code: 'engine_unavailable',
      message: `The local engine's worker (${WORKER_FILE}) was not found beside ${here}.`,
      hint: 'Build the main process first: npm run build:main.',
    });
  }
  return found;
}

/** Parses a PDF with the local engine in a worker thread, off the main process's event loop. */
export async function parseLocally(bytes: Uint8Array, options: unknown = {}, hooks: LocalParseHooks = {}): Promise<ParseResponse> {
  const message = await runEngineWorker({ task: 'parse', bytes, options, filename: hooks.filename ?? 'document.pdf' }, hooks);
  if (message.type !== 'result') throw new AppError({ code: 'engine_failed', message: 'The local engine answered out of turn.' });
  return message.response;
}

/** Opens a PDF in the engine worker: its page count, or `corrupt_pdf` / `encrypted_pdf`. */
export async function countPdfPagesInWorker(bytes: Uint8Array, filename: string, hooks: Pick<LocalParseHooks, 'signal' | 'workerPath'> = {}): Promise<number> {
  const message = await runEngineWorker({ task: 'pageCount', bytes, filename }, hooks);
  if (message.type !== 'pageCount') throw new AppError({ code: 'engine_failed', message: 'The local engine answered out of turn.' });
  return message.pages;
}

type FinalMessage = Exclude<EngineWorkerMessage, { type: 'progress' } | { type: 'error' }>;

/** One worker for one task: progress goes to the hooks, the final message resolves, errors reject. */
function runEngineWorker(input: EngineWorkerInput, hooks: LocalParseHooks): Promise<FinalMessage> {
  const { signal } = hooks;
  if (signal?.aborted) return Promise.reject(cancelledError());
  let workerPath: string;
  try {
    workerPath = hooks.workerPath ?? findEngineWorker();
  } catch (error) {
    return Promise.reject(error);
  }
  const worker = new Worker(workerPath, { workerData: input });

  return new Promise<FinalMessage>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const onAbort = () => finish(() => reject(cancelledError()));
    signal?.addEventListener('abort', onAbort, { once: true });

    worker.on('message', (message: EngineWorkerMessage) => {
      if (message.type === 'progress') {
        if (!settled) hooks.onProgress?.(message.done, message.total);
      } else if (message.type === 'error') finish(() => reject(new AppError(message.error)));
      else finish(() => resolve(message));
    });
    worker.on('error', (error) =>
      finish(() => reject(new AppError({ code: 'engine_failed', message: `The local engine crashed: ${error.message}` }))),
    );
    worker.on('exit', (code) =>
      finish(() => reject(new AppError({ code: 'engine_failed', message: `The local engine stopped unexpectedly (exit code ${code}).` }))),
    );
  });
}
