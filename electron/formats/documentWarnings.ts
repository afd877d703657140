import type { DocumentWarning } from '../../shared/document.js';
import { isTruncatedPdf, pdfHeaderOffset, type DocumentKind } from './sniff.js';
import { MAX_TIFF_PAGES, readImageInfo } from '../../shared/imageInfo.js';

/** What a reviewer should know about a file that opens but is not whole, not clean, or not all shown. */
export function documentWarnings(kind: DocumentKind, bytes: Uint8Array): DocumentWarning[] {
  if (kind.kind === 'pdf') return pdfWarnings(bytes);
  if (kind.mime === 'image/tiff') return tiffWarnings(bytes);
  return [];
}

/** Only a TIFF's first page is shown and read, as it is for every image. */
function tiffWarnings(bytes: Uint8Array): DocumentWarning[] {
  const pages = readImageInfo(bytes, 'image/tiff')?.pages ?? 1;
  if (pages < 2) return [];
  return [
    {
      code: 'tiff_pages',
      message: `This TIFF holds ${pages >= MAX_TIFF_PAGES ? `at least ${MAX_TIFF_PAGES.toLocaleString('en-US')}` : pages.toLocaleString('en-US')} pages; only the first is shown and read. Save the pages as a PDF to review them all.`,
    },
  ];
}

/**
 * What a reviewer should know about a PDF that opens but is not whole or not clean: shown
 * with the document for as long as it is open, so a page missing from a cut-short file is
 * not mistaken for a page missing from the original.
 */
function pdfWarnings(bytes: Uint8Array): DocumentWarning[] {
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
      message:
        'This PDF is cut short: it stops before its end-of-file marker, so pages or parts of pages may be missing. Get the file again if you can.',
    });
  }
  return warnings;
}
