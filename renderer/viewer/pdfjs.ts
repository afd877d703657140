import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// pdf.js parses in its own worker, served from our origin (CSP worker-src 'self').
GlobalWorkerOptions.workerSrc = workerUrl;

/** Opens PDF bytes for display. The bytes are copied: pdf.js transfers (detaches) what it is given. */
export function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({ data: bytes.slice(), isEvalSupported: false, enableXfa: false, stopAtErrors: false }).promise;
}

export type { PDFDocumentProxy };
