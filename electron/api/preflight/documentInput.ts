import { isHttpUrl } from '../../../shared/outputSaveUrl.js';
import { DOCUMENT_EXTENSIONS } from '../../../shared/imageFormats.js';
import type { DocumentInfo } from '../../../shared/document.js';
import { documentErrors } from '../../formats/documentErrors.js';
import { isTruncatedPdf, requireSupportedDocument, type DocumentKind } from '../../formats/sniff.js';
import { countPdfPagesInWorker } from '../../engine/localEngine.js';
import { countPdfPages } from '../../engine/pdfPageCount.js';
import { preflightError } from './preflightError.js';

/** A local document as the clients send it. */
export interface DocumentFile {
  bytes: Uint8Array;
  filename: string;
  /** Pages as counted when the document was imported: not counted again (a large PDF's count is not free). */
  pageCount?: number | null;
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

/**
 * Refuses empty, unreadable and encrypted files, PDFs cut short past repair and PDFs without
 * pages (all detected locally), and counts the pages unless the import did. A PDF missing its end is opened with
 * pdf.js first: what pdf.js rebuilds is sent, what it cannot is refused here, not paid for.
 * The services refuse encrypted PDFs: callers send a decrypted copy
 * (electron/documents/uploadCopy.ts), so encrypted bytes here are a mistake.
 */
export async function checkDocumentFile(document: DocumentFile): Promise<CheckedDocument> {
  const kind = requireSupportedDocument(document.bytes, document.filename);
  if (kind.kind === 'pdf' && kind.encrypted) throw documentErrors.encryptedPdf(document.filename);
  const pageCount =
    kind.kind === 'image'
      ? 1
      : (document.pageCount ??
        (isTruncatedPdf(document.bytes)
          ? await countPdfPagesInWorker(document.bytes, document.filename)
          : await countPdfPages(document.bytes)));
  if (pageCount === 0) throw documentErrors.emptyPdf(document.filename);
  return { kind, pageCount };
}

const EXTENSIONS = DOCUMENT_EXTENSIONS;

export function documentMime(kind: DocumentKind): string {
  return kind.kind === 'pdf' ? 'application/pdf' : kind.mime;
}

/**
 * The name a file is uploaded under: its own, unless its extension contradicts its content.
 * "scan.pdf" holding a PNG goes as "scan.png" (typed image/png): a service may go by the
 * name, and the file is an image, which the contract accepts. A name without a document
 * extension gets one appended ("scan" → "scan.png").
 */
export function uploadName(filename: string, kind: DocumentKind): string {
  return nameForMime(filename, documentMime(kind));
}

/**
 * The name the service knows a workspace document by (its result's `metadata.filename`,
 * v2.jobs.dropped-create-name): the upload's name, or for a document sent by its address the
 * last segment of the address's path, decoded, as the service names what it downloads. Null
 * when that cannot be foreseen (an address ending in "/", an escape that does not decode).
 */
export function sentName(document: Pick<DocumentInfo, 'name' | 'mime'>, documentUrl?: string): string | null {
  if (documentUrl === undefined) return nameForMime(document.name, document.mime);
  try {
    return decodeURIComponent(new URL(documentUrl).pathname.split('/').pop() ?? '') || null;
  } catch {
    return null;
  }
}

function nameForMime(filename: string, mime: string): string {
  const extensions = EXTENSIONS[mime] ?? [];
  const dot = filename.lastIndexOf('.');
  const extension = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  if (extensions.includes(extension)) return filename;
  const misleading = Object.values(EXTENSIONS).some((list) => list.includes(extension));
  return `${misleading ? filename.slice(0, dot) : filename}.${extensions[0] ?? 'bin'}`;
}
