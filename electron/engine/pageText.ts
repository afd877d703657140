import type { PageSize } from './geometry.js';
import { groupIntoLines, type Line } from './lines.js';
import { edgeLineOf, type EdgeLine } from './marginalia.js';
import { sizeHistogram } from './pageLayout.js';
import type { PdfDocument } from './pdfjs.js';
import { toTextRuns, type PdfTextItem } from './textRuns.js';

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

const isTextItem = <T extends object>(item: T): item is T & PdfTextItem => 'str' in item;

/** Reads one page's text layer and releases pdf.js's resources for the page straight away. */
export async function readPageText(pdf: PdfDocument, number: number): Promise<PageText> {
  let size: PageSize = { width: 1, height: 1 };
  try {
    const page = await pdf.getPage(number);
    try {
      const viewport = page.getViewport({ scale: 1 });
      size = { width: viewport.width, height: viewport.height };
      const content = await page.getTextContent();
      const runs = toTextRuns(content.items.filter(isTextItem), content.styles, viewport.transform);
      const lines = groupIntoLines(runs, size.width);
      if (lines.length === 0) return { number, size, status: 'no_text_layer', reason: NO_TEXT_LAYER_REASON, lines, edges: [], histogram: new Map() };
      const edges = lines.map((line) => edgeLineOf(line, size)).filter((edge) => edge !== null);
      return { number, size, status: 'ok', reason: '', lines, edges, histogram: sizeHistogram(lines) };
    } finally {
      page.cleanup();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { number, size, status: 'failed', reason: `This page could not be read: ${message}`, lines: [], edges: [], histogram: new Map() };
  }
}
