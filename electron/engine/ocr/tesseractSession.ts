import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type Tesseract from 'tesseract.js';
import type { PageOcrInfo } from '../../../shared/contracts/pageOcr.js';
import { AppError } from '../../../shared/errors.js';
import { cancelledError } from '../cancelled.js';
import { beforeDeadline, PageOverBudget } from '../deadline.js';

/** The one language the app ships data for. */
export const OCR_LANGUAGE = { code: 'eng', name: 'English' } as const;

export type OcrBlock = Tesseract.Block;

/**
 * The LSTM model in integer precision ("best_int"): the model tesseract.js itself picks for
 * LSTM-only recognition, and a quarter of the size of the combined legacy + LSTM data.
 */
const MODEL_FOLDER = '4.0.0_best_int';

/** Where the traineddata is on disk: it is read as a file, never fetched. */
export function ocrLanguagePath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`@tesseract.js-data/${OCR_LANGUAGE.code}/package.json`)), MODEL_FOLDER);
}

let engineName: string | null = null;

/** The `ocr` key of a page read by OCR. */
export function ocrPageInfo(): PageOcrInfo {
  engineName ??= `tesseract.js ${(createRequire(import.meta.url)('tesseract.js/package.json') as { version: string }).version}`;
  return { engine: engineName, languages: [OCR_LANGUAGE.code] };
}

/** tesseract.js (and pdf.js's canvas) load on first use: main bundles this code but never runs it. */
async function loadTesseract(): Promise<typeof Tesseract> {
  const module = (await import('tesseract.js')) as unknown as { default?: typeof Tesseract } & typeof Tesseract;
  return module.default ?? module;
}

export function ocrUnavailable(detail: string): AppError {
  return new AppError({
    code: 'ocr_unavailable',
    message: `The offline OCR engine could not start: ${detail}`,
    hint: 'Reinstall the app to restore its OCR files, or use the cloud parser (engine "parse") for scans and images.',
  });
}

/**
 * One tesseract.js recognizer for a parse, started on the first page that needs it. It runs in
 * a thread of its own, spawned from the engine's worker, so the engine stays responsive: a
 * page past its budget, or a cancel, terminates that thread (a new one serves the next page),
 * and terminating the engine's worker ends it too. Everything it reads is local: the wasm core
 * from tesseract.js-core, the language data from @tesseract.js-data; nothing is cached to disk.
 */
export class OcrSession {
  private worker: Promise<Tesseract.Worker> | null = null;

  constructor(private readonly onProgress?: (fraction: number) => void) {}

  /**
   * Reads one image (PGM, PNG, JPEG, TIFF…: whatever Leptonica decodes) and answers tesseract's
   * blocks → paragraphs → lines → words, in the image's pixels. Rejects with `PageOverBudget`
   * at the deadline and with `cancelled` on abort, having stopped the recognizer either way.
   */
  async recognize(image: Uint8Array, deadline: number, signal?: AbortSignal): Promise<OcrBlock[]> {
    if (signal?.aborted) throw cancelledError();
    this.worker ??= this.start();
    const worker = this.worker;
    const work = worker.then((w) =>
      w.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { text: false, blocks: true }),
    );
    try {
      const result = await untilStopped(work, deadline, signal);
      return result.data.blocks ?? [];
    } catch (error) {
      if (error instanceof PageOverBudget || (error instanceof AppError && error.code === 'cancelled')) {
        // Still working on this page; a fresh recognizer reads the next one.
        work.catch(() => undefined);
        if (this.worker === worker) await this.close();
      }
      throw error;
    }
  }

  /** Stops the recognizer's thread (once it has started, if it is still starting). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    const started = await worker.catch(() => null);
    await started?.terminate();
  }

  private async start(): Promise<Tesseract.Worker> {
    const langPath = ocrLanguagePath();
    if (!existsSync(join(langPath, `${OCR_LANGUAGE.code}.traineddata.gz`)))
      throw ocrUnavailable(`its language data is missing from ${langPath}.`);
    const tesseract = await loadTesseract();
    // tesseract.js reports a failed start only to errorHandler (its promise never settles then).
    let failStart: (error: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => {
      failStart = (error) => reject(error);
    });
    failed.catch(() => undefined);
    const creating = tesseract.createWorker(OCR_LANGUAGE.code, tesseract.OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      // No cache: the data is read from the app's own files every time, and nothing is written.
      cacheMethod: 'none',
      logger: (message) => {
        if (message.status === 'recognizing text') this.onProgress?.(message.progress);
      },
      errorHandler: (error: unknown) => failStart(ocrUnavailable(String(error))),
    });
    return Promise.race([creating, failed]);
  }
}

function untilStopped<T>(work: Promise<T>, deadline: number, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return beforeDeadline(work, deadline);
  let onAbort = () => undefined as void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(cancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return beforeDeadline(Promise.race([work, aborted]), deadline).finally(() => signal.removeEventListener('abort', onAbort));
}
