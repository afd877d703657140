/**
 * The options every `getDocument` call in the app passes, main and renderer alike: PDFs are
 * untrusted input, so nothing in them runs or reaches out.
 * - `enableXfa: false`: XFA forms are a second document model inside the PDF (HTML-like
 *   templates); the app never shows them, so pdf.js never parses them.
 * - `isEvalSupported` is not here because pdf.js 6 removed it: it never generates code from
 *   strings any more (`tests/unit/shared/pdf/pdfjsOptions.test.ts` checks the shipped builds,
 *   so a release that brings code generation back fails the suite).
 * - `stopAtErrors: false`: a damaged page is read as far as it goes, as every viewer does;
 *   the engine marks what it could not read.
 * - `verbosity: 0`: pdf.js's console warnings name document internals, never useful to a user.
 */
export const PDFJS_DOCUMENT_OPTIONS = {
  enableXfa: false,
  stopAtErrors: false,
  verbosity: 0,
} as const;
