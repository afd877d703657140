import { MAX_TIFF_PAGES, readImageInfo } from '../../../shared/imageInfo.js';
import { countFromPageTree } from '../../engine/pdfPageCount.js';
import type { DocumentKind } from '../../formats/sniff.js';

/**
 * The most pages the service may count in a file it is sent: the output_save_url window is
 * 3 s per document page (v2.output-save-url.window), and how the service counts is not shown.
 * Not always what the app shows: every page of a TIFF (the app reads only the first), and of a
 * PDF the larger of the app's count (pdf.js) and what its page tree claims, which a damaged
 * file may disagree on. Null when it cannot be known: a TIFF longer than the app counts, a PDF
 * whose pages could not be counted.
 */
export function servicePageCount(bytes: Uint8Array, kind: DocumentKind, counted: number | null): number | null {
  if (kind.kind === 'image') {
    if (kind.mime !== 'image/tiff') return 1;
    const pages = readImageInfo(bytes, 'image/tiff')?.pages ?? 1;
    return pages >= MAX_TIFF_PAGES ? null : pages;
  }
  return counted === null ? null : Math.max(counted, countFromPageTree(bytes) ?? 0);
}
