import { ENGINE_LIMITS } from './engineLimits.js';
import type { PageSize } from './geometry.js';
import { groupIntoLines, type Line } from './lines.js';
import { edgeLineOf, type EdgeLine } from './marginalia.js';
import { sizeHistogram } from './pageLayout.js';
import type { PdfDocument, PdfPage } from './pdfjs.js';
import { toTextRuns, type PdfFontStyle, type PdfTextItem } from './textRuns.js';

/** What the engine keeps of one page between reading it and writing it: lines, not pdf.js objects. */
export interface PageText {
  number: number;
  size: PageSize;
  status: 'ok' | 'no_text_layer' | 'failed';
  reason: string;
  lines: Line[];
  /** Header/footer candidates, compared with neighbouring pages. */
  edges: EdgeLine[];
  /** Characters per font size, for the body size of the neighbourhood. */
  histogram: Map<number, number>;
}

export const NO_TEXT_LAYER_REASON =
  'This page has no text layer: it is a scanned image (or blank). The local engine reads only text embedded in the PDF; ' +
  'run the cloud parser (engine "parse") to read scanned pages.';

/** The reason of a page with more text items than the engine lays out. */
export function tooManyItemsReason(maxItems: number): string {
  return `This page has more than ${maxItems.toLocaleString('en-US')} pieces of text, more than the local engine lays out, so it skipped the page. Run the cloud parser (engine "parse") on this page.`;
}

/** The reason of a page that took longer than the engine's per-page budget; the rest of the document goes on. */
export function overBudgetReason(budgetMs: number): string {
  return `This page took longer than ${formatSeconds(budgetMs)} to read, so the local engine skipped it. Run the cloud parser (engine "parse") on this page.`;
}

export function failedPage(number: number, reason: string, size: PageSize = { width: 1, height: 1 }): PageText {
  return { number, size, status: 'failed', reason, lines: [], edges: [], histogram: new Map() };
}

const isTextItem = <T extends object>(item: T): item is T & PdfTextItem => 'str' in item;

class PageOverBudget extends Error {}
class PageTooDense extends Error {}

/**
 * Reads one page's text layer and releases pdf.js's resources for the page straight away.
 * The text streams in chunks; past `budgetMs` the stream is cancelled (pdf.js stops its
 * work on the page) and the page is reported failed, not the document.
 */
export async function readPageText(pdf: PdfDocument, number: number, budgetMs: number, maxItems = ENGINE_LIMITS.maxTextItemsPerPage): Promise<PageText> {
  let size: PageSize = { width: 1, height: 1 };
  const deadline = performance.now() + budgetMs;
  try {
    const page = await beforeDeadline(pdf.getPage(number), deadline);
    try {
      const viewport = page.getViewport({ scale: 1 });
      size = { width: viewport.width, height: viewport.height };
      const content = await readTextContent(page, deadline, maxItems);
      const runs = toTextRuns(content.items.filter(isTextItem), content.styles, viewport.transform);
      const lines = groupIntoLines(runs, size.width);
      if (lines.length === 0) return { number, size, status: 'no_text_layer', reason: NO_TEXT_LAYER_REASON, lines, edges: [], histogram: new Map() };
      const edges = lines.map((line) => edgeLineOf(line, size)).filter((edge) => edge !== null);
      return { number, size, status: 'ok', reason: '', lines, edges, histogram: sizeHistogram(lines) };
    } finally {
      page.cleanup();
    }
  } catch (error) {
    if (error instanceof PageOverBudget) return failedPage(number, overBudgetReason(budgetMs), size);
    if (error instanceof PageTooDense) return failedPage(number, tooManyItemsReason(maxItems), size);
    const message = error instanceof Error ? error.message : String(error);
    return failedPage(number, `This page could not be read: ${message}`, size);
  }
}

interface TextContent {
  items: object[];
  styles: Record<string, PdfFontStyle>;
}

/** `page.getTextContent()` chunk by chunk, so a page past its deadline or its item limit can be cancelled. */
async function readTextContent(page: PdfPage, deadline: number, maxItems: number): Promise<TextContent> {
  const reader = page.streamTextContent().getReader();
  const content: TextContent = { items: [], styles: {} };
  try {
    for (;;) {
      const { value, done } = await beforeDeadline(reader.read(), deadline);
      if (done) return content;
      const chunk = value as { items: object[]; styles: Record<string, PdfFontStyle> };
      Object.assign(content.styles, chunk.styles);
      if (content.items.length + chunk.items.length > maxItems) throw new PageTooDense();
      for (const item of chunk.items) content.items.push(item);
    }
  } catch (error) {
    // pdf.js ignores a cancel without an Error for its reason, and its worker then waits for
    // the reader forever, which also holds up destroying the document.
    void reader.cancel(error instanceof Error ? error : new Error(String(error))).catch(() => undefined);
    throw error;
  }
}

function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  const left = deadline - performance.now();
  if (left <= 0) return Promise.reject(new PageOverBudget());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PageOverBudget()), left);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
