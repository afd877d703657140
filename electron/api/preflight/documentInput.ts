import { isHttpUrl } from '../../../shared/outputSaveUrl.js';
import { requireSupportedDocument, type DocumentKind } from '../../documents/sniff.js';
import { countPdfPages } from '../../documents/pdfPageCount.js';
import { preflightError } from './preflightError.js';

/** A local document as the clients send it. */
export interface DocumentFile {
  bytes: Uint8Array;
  filename: string;
}

export interface CheckedDocument {
  kind: DocumentKind;
  /** Null when the PDF's page count could not be read. */
  pageCount: number | null;
}

/** Exactly one of a local document and a `document_url`, and the URL must be http(s). */
export function checkDocumentXorUrl(document: DocumentFile | undefined, documentUrl: string | undefined): void {
  if (document && documentUrl !== undefined) {
    throw preflightError(
      'document_conflict',
      'document_url',
      'Give either a document or a document_url, not both.',
      'Remove the URL to send the file, or remove the file to send the URL.',
    );
  }
  if (!document && documentUrl === undefined) {
    throw preflightError('document_required', 'document', 'No document was given.', 'Open a PDF or an image, or give a document URL.');
  }
  if (documentUrl !== undefined && !isHttpUrl(documentUrl)) {
    throw preflightError(
      'invalid_url',
      'document_url',
      `document_url must be an http(s) URL; got "${documentUrl}".`,
      'Use a publicly reachable http:// or https:// address.',
    );
  }
}

/** Refuses unreadable and encrypted files (detected locally) and counts the pages. */
export async function checkDocumentFile(document: DocumentFile): Promise<CheckedDocument> {
  const kind = requireSupportedDocument(document.bytes, document.filename);
  const pageCount = kind.kind === 'image' ? 1 : await countPdfPages(document.bytes);
  return { kind, pageCount };
}
