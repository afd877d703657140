import type { DocumentMime } from '../../shared/document.js';
import { documentErrors } from './documentErrors.js';

/** What a file is, judged by its bytes (never by its extension). */
export type DocumentKind = { kind: 'pdf'; encrypted: boolean } | { kind: 'image'; mime: Exclude<DocumentMime, 'application/pdf'> };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

/** How far into a file the PDF header and the first objects are looked for. */
const HEAD_BYTES = 65536;

/**
 * Identifies PDFs and the common image formats from their magic numbers; null for anything
 * else. An image's magic number is checked before the looser signs of a PDF (a header after
 * junk, objects without a header), which an image's metadata or embedded preview can hold.
 */
export function sniffDocument(bytes: Uint8Array): DocumentKind | null {
  const image = imageKind(bytes);
  if (image) return image;
  if (pdfHeaderOffset(bytes) >= 0 || hasPdfObjects(bytes)) return { kind: 'pdf', encrypted: isEncryptedPdf(bytes) };
  return null;
}

function imageKind(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mime: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg' };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return { kind: 'image', mime: 'image/gif' };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return { kind: 'image', mime: 'image/webp' };
  if (startsWith(bytes, [0x42, 0x4d])) return { kind: 'image', mime: 'image/bmp' };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return { kind: 'image', mime: 'image/tiff' };
  return null;
}

/**
 * Where `%PDF-` starts, or -1. Readers (pdf.js, Acrobat) tolerate junk before it, such as a
 * mail or web server's headers left in a saved file, and read offsets from there.
 */
export function pdfHeaderOffset(bytes: Uint8Array): number {
  return latin1(bytes.subarray(0, HEAD_BYTES)).indexOf('%PDF-');
}

/**
 * A file with no header at all is still read by pdf.js when its body is PDF objects
 * (`1 0 obj … endobj`): it rebuilds the cross-reference table from them.
 */
function hasPdfObjects(bytes: Uint8Array): boolean {
  const head = latin1(bytes.subarray(0, HEAD_BYTES));
  // Only blanks (not line breaks) before the number: a run of line breaks would otherwise be retried from each one.
  return /(?:^|[\r\n])[ \t]*\d+\s+\d+\s+obj\b/.test(head) && head.includes('endobj');
}

/**
 * A PDF is encrypted when its trailer (or, for cross-reference streams, the xref stream
 * dictionary) has an /Encrypt entry. Those dictionaries sit near the end of the file, and
 * every incremental update appends a new one, so the last 64 KB is where to look; a
 * linearized file also carries one in its first-page trailer near the start.
 */
export function isEncryptedPdf(bytes: Uint8Array): boolean {
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - 65536)));
  const head = latin1(bytes.subarray(0, Math.min(bytes.length, 65536)));
  const pattern = /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/;
  return pattern.test(tail) || (/\/Linearized/.test(head) && pattern.test(head));
}

/**
 * A PDF ends with `%%EOF`; a copy or download cut short loses it. Acrobat requires the
 * marker within the last 1024 bytes (PDF Reference 1.7, Appendix H), which tolerates a
 * little junk after it. pdf.js rebuilds such a file and shows the pages that survived, so
 * the document opens with a warning a reviewer cannot miss (`documentWarnings.ts`).
 */
export function isTruncatedPdf(bytes: Uint8Array): boolean {
  return !latin1(bytes.subarray(Math.max(0, bytes.length - 1024))).includes('%%EOF');
}

/**
 * Refuses what the app cannot read, with a message that says what to do. Damage a reader
 * recovers from (a missing end, junk before the header) is not refused here: pdf.js decides
 * whether the file opens, and `documentWarnings` says what the reviewer should know. An
 * encrypted PDF passes too: whether it needs a password is pdf.js's to say, when it is opened.
 */
export function requireSupportedDocument(bytes: Uint8Array, fileName: string): DocumentKind {
  if (bytes.length === 0) throw documentErrors.emptyFile(fileName);
  const kind = sniffDocument(bytes);
  if (!kind) throw documentErrors.unsupportedType(fileName);
  return kind;
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}
