import { AppError } from '../../shared/errors.js';
import { beforeDeadline, PageOverBudget } from './deadline.js';
import { ENGINE_LIMITS } from './engineLimits.js';
import type { PageSize } from './geometry.js';
import { groupIntoLines } from './lines.js';
import { edgeLineOf } from './marginalia.js';
import { readScannedPdfPage, type OcrContext } from './ocr/ocrPage.js';
import { sizeHistogram } from './pageLayout.js';
import type { PageText } from './pageTextShape.js';
import type { PdfDocument, PdfPage } from './pdfjs.js';
import { toTextRuns, type PdfFontStyle, type PdfTextItem } from './textRuns.js';

/** The reason of a page with more text items than the engine lays out. */
export function tooManyItemsReason(maxItems: number): string {
  return `This page has more than ${maxItems.toLocaleString('en-US')} pieces of text, more than the local engine lays out, so it skipped the page. Run the cloud parser (engine "parse") on this page.`;
}

/** The reason of a page that took longer than the engine's per-page budget; the rest of the document goes on. */
export function overBudgetReason(budgetMs: number, how: 'read' | 'read by OCR' = 'read'): string {
  return `This page took longer than ${formatSeconds(budgetMs)} to ${how}, so the local engine skipped it. Run the cloud parser (engine "parse") on this page.`;
}

export function failedPage(number: number, reason: string, size: PageSize = { width: 1, height: 1 }): PageText {
  return { number, size, status: 'failed', reason, lines: [], edges: [], histogram: new Map() };
}

const isTextItem = <T extends object>(item: T): item is T & PdfTextItem => 'str' in item;

class PageTooDense extends Error {}

/**
 * A page's text asked of pdf.js before the page's turn. pdf.js reads it once it is done with
 * the text asked before (the port on pdf.js's side hands requests over one at a time), while
 * the engine lays out the pages before. Its budget starts when the engine turns to the page.
 */
export interface TextAhead {
  pdf: PdfDocument;
  number: number;
  page: Promise<PdfPage>;
  content: Promise<TextContent>;
  /** Gives it up (not needed after all, or over its budget): its stream is cancelled and the page released. */
  discard(): void;
}

export function askTextAhead(pdf: PdfDocument, number: number, maxItems = ENGINE_LIMITS.maxTextItemsPerPage): TextAhead {
  const given = new AbortController();
  const page = pdf.getPage(number);
  // Given up before its page came: never asked of pdf.js.
  const content = page.then((proxy) =>
    given.signal.aborted
      ? Promise.reject(new NotNeeded())
      : readTextStream(proxy.streamTextContent().getReader(), Infinity, maxItems, given.signal),
  );
  // Seen by whoever takes it over; a discarded one has nobody.
  page.catch(noop);
  content.catch(noop);
  return {
    pdf,
    number,
    page,
    content,
    discard: () => {
      given.abort();
      // (Taken over, its page was cleaned up already: a second cleanup does nothing.)
      void page.then((proxy) => content.finally(() => proxy.cleanup())).catch(noop);
    },
  };
}

const noop = () => undefined;

/**
 * Reads one page's text layer and releases pdf.js's resources for the page straight away.
 * The text streams in chunks; past `budgetMs` the stream is cancelled (pdf.js stops its
 * work on the page) and the page is reported failed, not the document. A page with no text
 * layer is read by OCR, within the same budget. `ahead`: the page's text already asked for.
 * `onTextFound` is called once pdf.js is done with a page that has text (so is not drawn for
 * OCR), before its lines are laid out: the moment to ask for the next pages' text, so pdf.js
 * reads it while this thread lays the lines out. `onNoText` is called before a page is drawn
 * for OCR: text asked ahead is given up, so pdf.js draws the page with nothing beside it.
 */
export async function readPageText(
  pdf: PdfDocument,
  number: number,
  budgetMs: number,
  ocr: OcrContext,
  maxItems = ENGINE_LIMITS.maxTextItemsPerPage,
  {
    ahead,
    onTextFound,
    onNoText,
  }: { ahead?: TextAhead | undefined; onTextFound?: (() => void) | undefined; onNoText?: (() => void) | undefined } = {},
): Promise<PageText> {
  let size: PageSize = { width: 1, height: 1 };
  let how: 'read' | 'read by OCR' = 'read';
  const deadline = performance.now() + budgetMs;
  try {
    const page = await beforeDeadline(ahead?.page ?? pdf.getPage(number), deadline);
    try {
      const viewport = page.getViewport({ scale: 1 });
      size = { width: viewport.width, height: viewport.height };
      const content = await (ahead ? beforeDeadline(ahead.content, deadline) : readTextContent(page, deadline, maxItems));
      const runs = toTextRuns(content.items.filter(isTextItem), content.styles, viewport.transform);
      // Every run lands in a line: a page with runs has lines, one without is read by OCR.
      if (runs.length === 0) {
        how = 'read by OCR';
        onNoText?.();
        return await readScannedPdfPage(page, number, size, deadline, ocr);
      }
      onTextFound?.();
      const lines = groupIntoLines(runs, size.width);
      const edges = lines.map((line) => edgeLineOf(line, size)).filter((edge) => edge !== null);
      return { number, size, status: 'ok', reason: '', lines, edges, histogram: sizeHistogram(lines) };
    } finally {
      page.cleanup();
    }
  } catch (error) {
    // Text asked ahead and not read in time: pdf.js stops reading it.
    ahead?.discard();
    if (error instanceof PageTooDense) return failedPage(number, tooManyItemsReason(maxItems), size);
    return pageFailure(error, number, size, overBudgetReason(budgetMs, how));
  }
}

/** A page's own failure becomes that page's reason; a cancel stops the document. */
export function pageFailure(error: unknown, number: number, size: PageSize, overBudget: string): PageText {
  if (error instanceof PageOverBudget) return failedPage(number, overBudget, size);
  if (error instanceof AppError && error.code === 'cancelled') throw error;
  const message = error instanceof Error ? error.message : String(error);
  return failedPage(number, `This page could not be read: ${message}`, size);
}

interface TextContent {
  items: object[];
  styles: Record<string, PdfFontStyle>;
}

/** Thrown when text asked for ahead is given up. */
class NotNeeded extends Error {}

/**
 * `page.getTextContent()` chunk by chunk, so a page past its deadline or its item limit can
 * be cancelled, or one no longer needed (`signal`).
 */
function readTextContent(page: PdfPage, deadline: number, maxItems: number): Promise<TextContent> {
  return readTextStream(page.streamTextContent().getReader(), deadline, maxItems);
}

async function readTextStream(
  reader: ReadableStreamDefaultReader,
  deadline: number,
  maxItems: number,
  signal?: AbortSignal,
): Promise<TextContent> {
  const content: TextContent = { items: [], styles: {} };
  const givenUp = signal
    ? new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new NotNeeded()), { once: true }))
    : null;
  givenUp?.catch(() => undefined);
  try {
    for (;;) {
      const read = beforeDeadline(reader.read(), deadline);
      const { value, done } = await (givenUp ? Promise.race([read, givenUp]) : read);
      if (done) return content;
      const chunk = value as { items: object[]; styles: Record<string, PdfFontStyle> };
      if (content.items.length + chunk.items.length > maxItems) throw new PageTooDense();
      Object.assign(content.styles, chunk.styles);
      for (const item of chunk.items) content.items.push(item);
    }
  } catch (error) {
    // pdf.js ignores a cancel without an Error for its reason, and its worker then waits for
    // the reader forever, which also holds up destroying the document.
    void reader.cancel(error instanceof Error ? error : new Error(String(error))).catch(() => undefined);
    throw error;
  }
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
