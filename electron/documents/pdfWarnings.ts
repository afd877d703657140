import type { DocumentWarning } from '../../shared/workspace.js';
import { isTruncatedPdf, pdfHeaderOffset } from './sniff.js';

/**
 * What a reviewer should know about a PDF that opens but is not whole or not clean: shown
 * with the document for as long as it is open, so a page missing from a cut-short file is
 * not mistaken for a page missing from the original.
 */
export function pdfWarnings(bytes: Uint8Array): DocumentWarning[] {
  const warnings: DocumentWarning[] = [];
  const header = pdfHeaderOffset(bytes);
  if (header < 0) {
    warnings.push({
      code: 'no_pdf_header',
      message: 'This file has no PDF header; it was read from the PDF objects it holds. Check the pages against the original.',
    });
  } else if (header > 0) {
    warnings.push({
      code: 'junk_before_header',
      message: `This file has ${header.toLocaleString('en-US')} bytes of other data before its PDF header (often left by a mail or web download); they were skipped.`,
    });
  }
  if (isTruncatedPdf(bytes)) {
    warnings.push({
      code: 'truncated_pdf',
      message: 'This PDF is cut short: it stops before its end-of-file marker, so pages or parts of pages may be missing. Get the file again if you can.',
    });
  }
  return warnings;
}
