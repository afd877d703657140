/**
 * What one document may cost the offline engine. PDFs are untrusted input read by a large
 * parser, so its worker gets a memory ceiling of its own (a bomb ends the worker, not the
 * app) and time budgets: a page over its budget fails alone and the document goes on.
 */
export interface EngineLimits {
  /** A page still unread after this long is cancelled and reported failed. */
  pageBudgetMs: number;
  /** Silence from the worker this much longer than a page's budget: it is stuck, so it is stopped and restarted past that page. */
  stuckGraceMs: number;
  /** The whole document, restarts included. */
  documentBudgetMs: number;
  /** Pages that may stop the worker (stuck or out of memory) before the document is given up. */
  maxStoppedPages: number;
  /** The worker's V8 heap ceiling (old generation), in MB. */
  maxHeapMb: number;
  /** The worker's stack, in MB (deeply nested PDFs recurse). */
  stackMb: number;
  /**
   * Text items (as pdf.js reports them) one page may have; past this the page is reported failed
   * unread. A real page has a few thousand at most; a "text bomb" of millions would take the
   * worker's memory ceiling and minutes of layout.
   */
  maxTextItemsPerPage: number;
}

export const ENGINE_LIMITS: EngineLimits = {
  pageBudgetMs: 20_000,
  stuckGraceMs: 10_000,
  documentBudgetMs: 15 * 60_000,
  maxStoppedPages: 3,
  maxHeapMb: 1536,
  stackMb: 8,
  maxTextItemsPerPage: 100_000,
};

/**
 * What OCR may cost. Pages without a text layer and images are read from a raster whose size
 * is bounded, so a poster-sized page or a huge photo costs what an ordinary page does.
 */
export interface OcrLimits {
  /** Resolution a page without a text layer is drawn at for OCR, when the pixel budget allows. */
  dpi: number;
  /** Pixels of the raster OCR reads; bigger pages and images are scaled down to it (A4 at 300 DPI is 8.7 MP). */
  maxRasterPixels: number;
  /** Longest side of that raster, in pixels. */
  maxRasterSide: number;
  /** Small images are scaled up by at most this much (OCR misses text under ~20 px high). */
  maxUpscale: number;
  /** Images with more pixels are not decoded: decoding takes 4 bytes a pixel, outside the worker's heap ceiling. */
  maxImagePixels: number;
  /** TIFFs are decoded whole inside the OCR engine, never scaled first, so they get a tighter limit. */
  maxTiffPixels: number;
}

export const OCR_LIMITS: OcrLimits = {
  dpi: 300,
  maxRasterPixels: 9_000_000,
  maxRasterSide: 8192,
  maxUpscale: 2,
  maxImagePixels: 64_000_000,
  maxTiffPixels: 36_000_000,
};
