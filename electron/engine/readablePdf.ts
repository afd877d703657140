import { documentErrors } from '../formats/documentErrors.js';
import { openPdf } from './pdfjs.js';

/**
 * Opens a PDF with pdf.js (in the engine worker, no rendering) and answers its page count,
 * or refuses it (corrupt, password-protected, no pages) with a message a user can act on,
 * before anything is stored or uploaded. Main calls it through `countPdfPagesInWorker`.
 * `handOver`: pdf.js may take the bytes (see `openPdf`).
 */
export async function readablePdfPageCount(bytes: Uint8Array, fileName: string, password?: string, handOver = false): Promise<number> {
  const pdf = await openPdf(bytes, fileName, password, handOver);
  const pages = pdf.numPages;
  await pdf.loadingTask.destroy();
  if (pages === 0) throw documentErrors.emptyPdf(fileName);
  return pages;
}
