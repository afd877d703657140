/**
 * How the offline engine marks a page it read by OCR: an `ocr` key on the page node (results
 * keep keys they do not know, so it is stored and exported verbatim), beside the contract's
 * own `dpi` (the raster's resolution, for a PDF page). The page's words carry their
 * `confidence` on their `atomic_grounding`, as the service's word-level model reports them.
 */
export interface PageOcrInfo {
  /** The recognizer and its version, e.g. "tesseract.js 7.0.0". */
  engine: string;
  /** Tesseract language codes, e.g. ["eng"]. */
  languages: string[];
}

const LANGUAGE_NAMES: Record<string, string> = { eng: 'English' };

/** A page node's `ocr` key when it is well-formed; null for anything else (a cloud result has none). */
export function pageOcrOf(node: object): PageOcrInfo | null {
  const value = (node as { ocr?: unknown }).ocr as { engine?: unknown; languages?: unknown } | null | undefined;
  if (typeof value !== 'object' || value === null) return null;
  if (typeof value.engine !== 'string' || !Array.isArray(value.languages) || !value.languages.every((l) => typeof l === 'string'))
    return null;
  return { engine: value.engine, languages: value.languages as string[] };
}

/** "English", "English, deu": languages as a reviewer reads them. */
export function languageNames(codes: readonly string[]): string {
  return codes.map((code) => LANGUAGE_NAMES[code] ?? code).join(', ');
}
