import { AppError } from '../../shared/errors.js';
import { documentErrors } from '../documents/documentErrors.js';

/**
 * Opens a PDF with pdf.js (in the engine worker, no rendering) and answers its page count,
 * or refuses it (corrupt, password-protected, no pages) with a message a user can act on,
 * before anything is stored or uploaded. Main calls it through `countPdfPagesInWorker`.
 */
export async function readablePdfPageCount(bytes: Uint8Array, fileName: string): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of (detaches) the buffer it is given, so hand it a copy.
  const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  let pages: number;
  try {
    pages = (await task.promise).numPages;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw documentErrors.encryptedPdf(fileName);
    throw new AppError({
      code: 'corrupt_pdf',
      message: `"${fileName}" looks like a PDF but cannot be read (${error instanceof Error ? error.message : String(error)}).`,
      hint: 'The file may be damaged or incomplete. Download or export it again.',
    });
  } finally {
    await task.destroy();
  }
  if (pages === 0) throw documentErrors.emptyPdf(fileName);
  return pages;
}
