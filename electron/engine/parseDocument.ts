import type { ParseResponse, StructureNode } from '../../shared/contracts/v2Parse.js';
import { newJobId } from '../../shared/ulid.js';
import { documentErrors } from '../formats/documentErrors.js';
import { cancelledError } from './cancelled.js';
import { beforeDeadline } from './deadline.js';
import { requireSupportedDocument } from '../formats/sniff.js';
import type { Block } from './blocks.js';
import { isTypewritten, monoCount, type MonoCount } from './codeBlocks.js';
import { MarkdownWriter } from './markdownWriter.js';
import { findMarginalia, type EdgeLine } from './marginalia.js';
import { bodySizeOf, layoutPage } from './pageLayout.js';
import { ENGINE_LIMITS, OCR_LIMITS } from './engineLimits.js';
import { readImagePage } from './ocr/imagePage.js';
import type { OcrContext } from './ocr/ocrPage.js';
import { ocrPageInfo, OcrSession } from './ocr/tesseractSession.js';
import { askTextAhead, failedPage, overBudgetReason, pageFailure, readPageText, type TextAhead } from './pageText.js';
import type { PageText } from './pageTextShape.js';
import { resolveOptions, selectPages, type ResolvedOptions } from './parseOptions.js';
import { openPdf, type PdfDocument } from './pdfjs.js';
import { loadPdfjs } from './pdfjsLoader.js';
import {
  activePdfjsThread,
  isPdfjsThreadUsed,
  PdfjsThreadStopped,
  restartPdfjsThread,
  threadStoppedReason,
  unlessPdfjsStops,
} from './pdfjsThread.js';
import { StructureWriter } from './structureWriter.js';

export interface ParseContext {
  /** Reported in `metadata.filename` and in error messages. */
  filename?: string;
  /** Called after each page has been read. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** Called with each page's node once it is written for good, in document order (the worker sends them on as they come). */
  onPageWritten?: (node: StructureNode) => void;
  /** Called before each page is read (the worker's supervisor names a page that never finished). */
  onPageStart?: (page: number) => void;
  /** Called as a page starts being read by OCR, then with OCR's progress on it (0–1). */
  onOcrProgress?: (page: number, fraction: number) => void;
  /** How long one page may take to read before it is reported failed; default `ENGINE_LIMITS.pageBudgetMs`. */
  pageBudgetMs?: number;
  /** Pages not to read, reported failed with the given reason (a page that stopped an earlier try). */
  skipPages?: ReadonlyMap<number, string>;
  /** The password of a PDF that needs one to open (never in the response or an error). */
  password?: string;
  /** The bytes are the engine's to give pdf.js, which detaches them (the worker's own copy); otherwise pdf.js reads a copy. */
  handOverBytes?: boolean;
}

/** Pages on each side of the current one that header/footer detection and the body size look at. */
const WINDOW = 4;
/** pdf.js caches parsed pages and fonts per document; dropping them now and then bounds memory. */
const CLEANUP_EVERY = 100;
/** Pages whose text is asked of pdf.js ahead of the page being laid out. */
const TEXT_AHEAD = 2;

export async function engineVersion(): Promise<string> {
  return `local-pdfjs-${(await loadPdfjs()).version}`;
}

/**
 * The offline engine: a PDF's text layer in the v2 parse response shape (v2.parse.response.open-shape),
 * with pages that have none read by OCR; an image is read by OCR as a document of one page.
 * Pages stream through a small window (read → lay out → write → forget), so memory stays flat
 * however long the document is; only the Markdown and the structure tree grow.
 */
export async function parseDocument(bytes: Uint8Array, options: unknown = {}, context: ParseContext = {}): Promise<ParseResponse> {
  const started = performance.now();
  const filename = context.filename ?? 'document.pdf';
  const resolved = resolveOptions(options);
  const kind = requireSupportedDocument(bytes, filename);
  throwIfAborted(context.signal);
  let page = 0;
  const session = new OcrSession((fraction) => context.onOcrProgress?.(page, fraction));
  const ocr: OcrContext = {
    session,
    limits: OCR_LIMITS,
    onPage: (number) => {
      page = number;
      context.onOcrProgress?.(number, 0);
    },
    ...(context.signal ? { signal: context.signal } : {}),
  };
  const budgetMs = context.pageBudgetMs ?? ENGINE_LIMITS.pageBudgetMs;
  try {
    if (kind.kind === 'image') {
      const mime = kind.mime;
      const pages = selectPages(resolved.pages, 1);
      const readImage = async () => {
        try {
          return await readImagePage(bytes, mime, performance.now() + budgetMs, ocr);
        } catch (error) {
          return pageFailure(error, 1, { width: 1, height: 1 }, overBudgetReason(budgetMs, 'read by OCR'));
        }
      };
      const response = await parsePages(pages, readImage, resolved, context);
      return await toResponse(response, pages.length, filename, started);
    }
    // With pdf.js in a thread of its own the bytes are kept: a failed page reopens the document in a new thread.
    const reopens = isPdfjsThreadUsed();
    let pdf: PdfDocument | null = await openPdf(bytes, filename, context.password, context.handOverBytes && !reopens);
    // Pages whose text is asked ahead, in reading order, with the thread each was asked of.
    let aheads: Array<{ text: TextAhead; thread: ReturnType<typeof activePdfjsThread> }> = [];
    const giveUpAheads = () => {
      for (const stale of aheads) stale.text.discard();
      aheads = [];
    };
    try {
      const pageCount = pdf.numPages;
      if (pageCount === 0) throw documentErrors.emptyPdf(filename);
      const pages = selectPages(resolved.pages, pageCount);
      let read = 0;
      const readPdfPage = async (number: number, upcoming: readonly number[]) => {
        const open = (pdf ??= await openPdf(bytes, filename, context.password));
        const first = aheads[0];
        const ahead = first?.text.pdf === open && first.text.number === number ? aheads.shift() : undefined;
        if (!ahead) giveUpAheads();
        // The thread the text was asked of: if it died since, this page is the one that killed it.
        const thread = ahead ? ahead.thread : activePdfjsThread();
        // With pdf.js in a thread of its own, once pdf.js is done with this page the next two
        // pages' text is asked for (pdf.js reads them in turn while the engine lays out this one,
        // never waiting for a request to cross), and the page after them is looked up (its
        // dictionary, not its content). None across a cleanup, which would drop what pdf.js reads.
        const askNext = thread
          ? () => {
              for (const [k, page] of upcoming.entries()) {
                if ((read + 1 + k) % CLEANUP_EVERY === 0) break;
                if (k === TEXT_AHEAD) void open.getPage(page).catch(() => undefined);
                else if (!aheads.some((a) => a.text.number === page)) aheads.push({ text: askTextAhead(open, page), thread });
              }
            }
          : undefined;

        let text: PageText;
        try {
          text = await unlessPdfjsStops(
            readPageText(open, number, budgetMs, ocr, undefined, { ahead: ahead?.text, onTextFound: askNext, onNoText: giveUpAheads }),
            thread,
          );
        } catch (error) {
          if (!(error instanceof PdfjsThreadStopped)) throw error;
          text = failedPage(number, threadStoppedReason(error));
        }
        if (thread && text.status === 'failed' && !(await stillAnswers(open, thread))) {
          // The failed page left pdf.js stuck in its work, or dead: the next page gets a new thread.
          pdf = null;
          void open.loadingTask.destroy().catch(() => undefined);
          await restartPdfjsThread();
        } else if (++read % CLEANUP_EVERY === 0) await open.cleanup();
        return text;
      };
      const response = await parsePages(pages, readPdfPage, resolved, context);
      return await toResponse(response, pages.length, filename, started);
    } finally {
      giveUpAheads();
      const open = pdf as PdfDocument | null;
      if (open) await unlessPdfjsStops(open.loadingTask.destroy(), activePdfjsThread()).catch(() => undefined);
    }
  } finally {
    await session.close();
  }
}

async function toResponse(
  response: Awaited<ReturnType<typeof parsePages>>,
  pageCount: number,
  filename: string,
  started: number,
): Promise<ParseResponse> {
  return {
    markdown: response.markdown,
    metadata: {
      job_id: newJobId('parse'),
      filename,
      version: await engineVersion(),
      page_count: pageCount,
      duration_ms: Math.round(performance.now() - started),
      failed_pages: response.failedPages,
      output_markdown_chars: response.markdownChars,
      range_units: 'unicode_codepoints',
      billing: { total_credits: 0 },
    },
    structure: response.structure,
  };
}

async function parsePages(
  pages: number[],
  /** Reads a page; `upcoming`: the pages to be read after it, in order (the next two at most). */
  readPage: (number: number, upcoming: readonly number[]) => Promise<PageText>,
  options: ResolvedOptions,
  context: ParseContext,
) {
  const markdown = new MarkdownWriter();
  const writer = new StructureWriter(markdown, options);
  const pageNodes: StructureNode[] = [];
  const failedPages: number[] = [];
  const ahead: PageText[] = [];
  const behind: { edges: EdgeLine[]; histogram: Map<number, number>; mono: MonoCount }[] = [];
  const monoCounts = new WeakMap<PageText, MonoCount>();
  const monoOf = (page: PageText) => {
    let count = monoCounts.get(page);
    if (!count) monoCounts.set(page, (count = monoCount(page.lines)));
    return count;
  };

  const layOut = (page: PageText) => {
    if (page.status !== 'ok') return [];
    const neighbours = [...behind, ...ahead.map((p) => ({ edges: p.edges, histogram: p.histogram, mono: monoOf(p) }))];
    const bodySize = bodySizeOf([page.histogram, ...neighbours.map((p) => p.histogram)]);
    const marginalia = findMarginalia(
      page.lines,
      page.size,
      neighbours.map((p) => p.edges),
    );
    const typewritten = isTypewritten([monoOf(page), ...neighbours.map((p) => p.mono)]);
    return layoutPage(page.lines, page.size, marginalia, bodySize, !typewritten);
  };

  const write = (page: PageText, status: PageText['status'], reason: string, blocks: Block[]) => {
    if (pageNodes.length > 0) markdown.append('\n\n');
    const start = markdown.position;
    const pageMark = markdown.mark();
    markdown.append(`<!-- page ${page.number} -->`);
    const children = writer.writeBlocks(blocks, page.number, page.size);
    const node: StructureNode = {
      type: 'page',
      page: page.number,
      status,
      reason,
      grounding: { page: page.number, range: { start, end: markdown.position }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
    };
    // A page that failed after OCR (its layout threw) says why it failed, not how it was read.
    if (page.ocr && status !== 'failed') {
      // The contract's own raster resolution, and how the text was read (kept verbatim as an extra key).
      if (page.ocr.dpi !== undefined) node.dpi = page.ocr.dpi;
      node.ocr = ocrPageInfo();
    }
    if (options.inlineMarkdown) node.markdown = markdown.textSince(pageMark);
    node.children = children;
    return node;
  };

  // A page whose layout or writing throws is reported failed, with nothing of it left half-written.
  const emit = (page: PageText) => {
    const mark = markdown.mark();
    const ids = writer.snapshot();
    let node: StructureNode;
    try {
      node = write(page, page.status, page.reason, layOut(page));
    } catch (error) {
      markdown.rewind(mark);
      writer.restore(ids);
      node = write(page, 'failed', layoutFailedReason(error), []);
    }
    pageNodes.push(node);
    context.onPageWritten?.(node);
    if (node.status === 'failed') failedPages.push(page.number);
    behind.push({ edges: page.edges, histogram: page.histogram, mono: monoOf(page) });
    if (behind.length > WINDOW) behind.shift();
  };

  for (const [index, number] of pages.entries()) {
    throwIfAborted(context.signal);
    const skipReason = context.skipPages?.get(number);
    context.onPageStart?.(number);
    ahead.push(
      skipReason === undefined ? await readPage(number, upcomingPages(pages, index, context.skipPages)) : failedPage(number, skipReason),
    );
    context.onProgress?.(index + 1, pages.length);
    if (ahead.length > WINDOW) emit(ahead.shift() as PageText);
  }
  while (ahead.length > 0) emit(ahead.shift() as PageText);

  const text = markdown.toString();
  const structure: StructureNode = { type: 'document' };
  if (options.inlineMarkdown) structure.markdown = text;
  structure.children = pageNodes;
  return { markdown: text, markdownChars: markdown.position, failedPages, structure };
}

/** How long pdf.js in its thread may take, after a failed page, to answer again before it is taken for stuck. */
const STILL_ANSWERS_MS = 5_000;

/** Whether pdf.js's thread answers a small request (one its cache never answers) within `STILL_ANSWERS_MS`. */
function stillAnswers(pdf: PdfDocument, thread: NonNullable<ReturnType<typeof activePdfjsThread>>): Promise<boolean> {
  return unlessPdfjsStops(beforeDeadline(pdf.getPermissions(), performance.now() + STILL_ANSWERS_MS), thread).then(
    () => true,
    () => false,
  );
}

/** The pages read after `pages[index]`, up to the next one skipped: those whose text is asked ahead, and one more to look up. */
function upcomingPages(pages: readonly number[], index: number, skipPages: ReadonlyMap<number, string> | undefined): number[] {
  const upcoming: number[] = [];
  for (const page of pages.slice(index + 1, index + 2 + TEXT_AHEAD)) {
    if (skipPages?.has(page)) break;
    upcoming.push(page);
  }
  return upcoming;
}

function layoutFailedReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `The local engine could not lay out this page (${message}). Run the cloud parser (engine "parse") on this page.`;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelledError();
}
