/**
 * What a document is, by its magic number: one of the common image formats, or a PDF
 * (a `%PDF-` header; junk before it, such as mail headers left in a saved attachment, is
 * skipped, as pdf-lib, the emulator's PDF reader, skips it). Null otherwise: a file whose
 * header is gone is not read, even if its objects are intact.
 */
export type EmulatedKind = 'pdf' | 'image';

const IMAGE_SIGNATURES: { at: number; bytes: number[] }[][] = [
  [{ at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }], // PNG
  [{ at: 0, bytes: [0xff, 0xd8, 0xff] }], // JPEG
  [{ at: 0, bytes: [0x47, 0x49, 0x46, 0x38] }], // GIF8
  [
    { at: 0, bytes: [0x52, 0x49, 0x46, 0x46] },
    { at: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
  ], // RIFF....WEBP
  [{ at: 0, bytes: [0x42, 0x4d] }], // BMP
  [{ at: 0, bytes: [0x49, 0x49, 0x2a, 0x00] }], // TIFF, little-endian
  [{ at: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a] }], // TIFF, big-endian
];

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

export function documentKind(bytes: Uint8Array): EmulatedKind | null {
  const matches = (at: number, sig: number[]) => sig.every((b, i) => bytes[at + i] === b);
  if (IMAGE_SIGNATURES.some((parts) => parts.every((p) => matches(p.at, p.bytes)))) return 'image';
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(PDF_HEADER) >= 0 ? 'pdf' : null;
}
