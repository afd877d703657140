/**
 * What a document is, by its magic number: a PDF (`%PDF-` within the first 1024 bytes,
 * where readers look for the header) or one of the common image formats. Null otherwise.
 */
export type EmulatedKind = 'pdf' | 'image';

const IMAGE_SIGNATURES: { at: number; bytes: number[] }[][] = [
  [{ at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }], // PNG
  [{ at: 0, bytes: [0xff, 0xd8, 0xff] }], // JPEG
  [{ at: 0, bytes: [0x47, 0x49, 0x46, 0x38] }], // GIF8
  [{ at: 0, bytes: [0x52, 0x49, 0x46, 0x46] }, { at: 8, bytes: [0x57, 0x45, 0x42, 0x50] }], // RIFF....WEBP
  [{ at: 0, bytes: [0x42, 0x4d] }], // BMP
  [{ at: 0, bytes: [0x49, 0x49, 0x2a, 0x00] }], // TIFF, little-endian
  [{ at: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a] }], // TIFF, big-endian
];

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PDF_HEADER_WITHIN = 1024;

export function documentKind(bytes: Uint8Array): EmulatedKind | null {
  const matches = (at: number, sig: number[]) => sig.every((b, i) => bytes[at + i] === b);
  if (IMAGE_SIGNATURES.some((parts) => parts.every((p) => matches(p.at, p.bytes)))) return 'image';
  const limit = Math.min(bytes.length - PDF_HEADER.length, PDF_HEADER_WITHIN);
  for (let at = 0; at <= limit; at++) if (matches(at, PDF_HEADER)) return 'pdf';
  return null;
}
