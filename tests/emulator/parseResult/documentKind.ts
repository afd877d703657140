import { PDFDocument } from 'pdf-lib';

const IMAGE_SIGNATURES: ReadonlyArray<readonly number[]> = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP)
  [0x42, 0x4d], // BMP
  [0x49, 0x49, 0x2a, 0x00], // TIFF, little-endian
  [0x4d, 0x4d, 0x00, 0x2a], // TIFF, big-endian
];

/** An image by its magic number; the routes have already refused what is neither an image nor a PDF. */
export function isImage(bytes: Uint8Array): boolean {
  return IMAGE_SIGNATURES.some((signature) => signature.every((b, i) => bytes[i] === b));
}

/** Page count from the real document: the PDF's page tree via pdf-lib, 1 for an image. */
export async function documentPageCount(bytes: Uint8Array): Promise<number> {
  if (isImage(bytes)) return 1;
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  return pdf.getPageCount();
}
