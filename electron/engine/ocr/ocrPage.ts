import type { OcrLimits } from '../engineLimits.js';
import type { PageSize } from '../geometry.js';
import { groupIntoLines } from '../lines.js';
import { edgeLineOf } from '../marginalia.js';
import { sizeHistogram } from '../pageLayout.js';
import type { PageText } from '../pageTextShape.js';
import type { PdfPage } from '../pdfjs.js';
import { ocrRuns } from './ocrRuns.js';
import { rasterizePdfPage } from './pdfRaster.js';
import type { OcrSession } from './tesseractSession.js';

/** What the engine needs to read pages by OCR during one parse. */
export interface OcrContext {
  session: OcrSession;
  limits: OcrLimits;
  signal?: AbortSignal;
  /** Called as a page starts being read by OCR. */
  onPage?: (page: number) => void;
}

export const OCR_FOUND_NOTHING_REASON =
  'This page has no text layer, and OCR found no text on it: it is blank, or a picture without words.';

/** A PDF page without a text layer: drawn by pdf.js, then read by OCR. */
export async function readScannedPdfPage(
  page: PdfPage,
  number: number,
  size: PageSize,
  deadline: number,
  ocr: OcrContext,
): Promise<PageText> {
  ocr.onPage?.(number);
  const raster = await rasterizePdfPage(page, deadline, ocr.limits);
  return ocrPageText(number, size, raster.image, 1 / raster.scale, deadline, ocr, { dpi: raster.dpi });
}

/**
 * Reads a raster of the page by OCR and lays its words out like a text layer's runs: lines,
 * header/footer candidates and sizes, in page units (`unitsPerPixel` of the raster). A page
 * where OCR finds nothing keeps the status `no_text_layer`, with a reason saying OCR looked.
 */
export async function ocrPageText(
  number: number,
  size: PageSize,
  image: Uint8Array,
  unitsPerPixel: number,
  deadline: number,
  ocr: OcrContext,
  read: { dpi?: number; note?: string; nothingFound?: string } = {},
): Promise<PageText> {
  const blocks = await ocr.session.recognize(image, deadline, ocr.signal);
  const lines = groupIntoLines(ocrRuns(blocks, unitsPerPixel), size.width);
  const info = read.dpi === undefined ? {} : { dpi: read.dpi };
  if (lines.length === 0) {
    const nothing = read.nothingFound ?? OCR_FOUND_NOTHING_REASON;
    const reason = read.note ? `${nothing} ${read.note}` : nothing;
    return { number, size, status: 'no_text_layer', reason, lines, edges: [], histogram: new Map(), ocr: info };
  }
  const edges = lines.map((line) => edgeLineOf(line, size)).filter((edge) => edge !== null);
  return { number, size, status: 'ok', reason: read.note ?? '', lines, edges, histogram: sizeHistogram(lines), ocr: info };
}
