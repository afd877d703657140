import { getDocument, GlobalWorkerOptions, type PDFDocumentLoadingTask, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PDFJS_DOCUMENT_OPTIONS } from '../../shared/pdf/pdfjsOptions.js';

// pdf.js parses in its own worker, served from our origin (CSP worker-src 'self').
GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Opens PDF bytes for display. The bytes are copied: pdf.js transfers (detaches) what it is
 * given. The loading task is what the caller destroys, so a document closed before it has
 * finished opening is released too.
 */
export function openPdf(bytes: Uint8Array): PDFDocumentLoadingTask {
  return getDocument({ ...PDFJS_DOCUMENT_OPTIONS, data: bytes.slice() });
}

export type { PDFDocumentProxy };
