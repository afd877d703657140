import { PDFDocument } from 'pdf-lib';

/**
 * The rotation of each page as the emulator "detects" it: a PDF page's `/Rotate`
 * (inherited from the page tree when the page has none), as 0, 90, 180 or 270. An image
 * is one upright page (EXIF orientation is normalized before parsing).
 */
export async function pageRotations(bytes: Uint8Array, kind: 'pdf' | 'image'): Promise<number[]> {
  if (kind === 'image') return [0];
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  return pdf.getPages().map((page) => {
    const angle = page.getRotation().angle;
    const quarter = Math.round(angle / 90);
    return (((quarter % 4) + 4) % 4) * 90;
  });
}
