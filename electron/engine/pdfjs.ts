import { AppError } from '../../shared/errors.js';
import { PDFJS_DOCUMENT_OPTIONS } from '../../shared/pdf/pdfjsOptions.js';
import { documentErrors } from '../formats/documentErrors.js';
import { beforeDeadline, PageOverBudget } from './deadline.js';
import { ENGINE_LIMITS, OCR_LIMITS } from './engineLimits.js';
import { isTruncatedPdf } from '../formats/sniff.js';
import { loadPdfjs, type Pdfjs } from './pdfjsLoader.js';
import { PdfjsThreadStopped, pdfjsWorker, restartPdfjsThread, threadStoppedError, unlessPdfjsStops } from './pdfjsThread.js';

export type PdfDocument = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>;
export type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** How long pdf.js in its own thread may take to open a document. */
const OPEN_BUDGET_MS = ENGINE_LIMITS.pageBudgetMs + ENGINE_LIMITS.stuckGraceMs;

/** pdf.js's PasswordException codes (PasswordResponses). */
const NEED_PASSWORD = 1;

/**
 * Opens a PDF with pdf.js for reading its text (no rendering, no fonts loaded into a page),
 * turning its exceptions into errors a user can act on. Runs only in the engine worker.
 * An encrypted PDF with an empty user password opens without one; `password` is the user
 * password (or the owner password) of one that needs it. It never appears in an error.
 * pdf.js detaches the buffer it is given: with `handOver` it gets the caller's bytes, which
 * are unusable afterwards; without, a copy.
 */
export async function openPdf(bytes: Uint8Array, fileName: string, password?: string, handOver = false): Promise<PdfDocument> {
  const pdfjs = await loadPdfjs();
  const thread = await pdfjsWorker();
  // Judged before pdf.js may take the bytes: it explains a failure to open.
  const truncated = isTruncatedPdf(bytes);
  const task = pdfjs.getDocument({
    ...PDFJS_DOCUMENT_OPTIONS,
    data: handOver ? bytes : bytes.slice(),
    ...(thread ? { worker: thread.pdfWorker } : {}),
    disableFontFace: true,
    useSystemFonts: false,
    // A page drawn for OCR decodes its images outside the worker's heap ceiling: a small file can
    // claim a 30,000 × 30,000 image. pdf.js leaves out an image over this many pixels.
    maxImageSize: OCR_LIMITS.maxImagePixels,
    password,
  });
  try {
    // In a thread of its own pdf.js could loop forever without stopping the worker's timers (and
    // a task's heartbeat), so opening has the bound main puts on a silent worker.
    return await unlessPdfjsStops(thread ? beforeDeadline(task.promise, performance.now() + OPEN_BUDGET_MS) : task.promise, thread);
  } catch (error) {
    if (error instanceof PdfjsThreadStopped || error instanceof PageOverBudget) {
      // A dead or stuck thread never answers a destroy.
      void task.destroy().catch(() => undefined);
      await restartPdfjsThread();
      if (error instanceof PdfjsThreadStopped) throw threadStoppedError(error, fileName);
      throw new AppError({
        code: 'engine_timeout',
        message: `The local engine got stuck opening "${fileName}" and was stopped.`,
        hint: 'Use the cloud parser for this document.',
      });
    }
    await task.destroy().catch(() => undefined);
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') {
      const code = (error as { code?: unknown }).code;
      throw code === NEED_PASSWORD || password === undefined
        ? documentErrors.passwordRequired(fileName)
        : documentErrors.wrongPassword(fileName);
    }
    const detail = error instanceof Error ? error.message : String(error);
    if (truncated) throw documentErrors.truncatedPdf(fileName, detail);
    throw new AppError({
      code: 'corrupt_pdf',
      message: `"${fileName}" looks like a PDF but cannot be read (${detail}).`,
      hint: 'The file may be damaged or incomplete. Download or export it again.',
    });
  }
}
