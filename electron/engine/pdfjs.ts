import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError } from '../../shared/errors.js';
import { documentErrors } from '../documents/documentErrors.js';

// pdfjs-dist stays outside the bundle (it loads its worker and data files at run time), and
// the legacy build is the one that runs in Node without DOM polyfills.
type Pdfjs = typeof PdfjsModule;
export type PdfDocument = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>;
export type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

let loading: Promise<Pdfjs> | null = null;

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return loading;
}

/** Opens a PDF with pdf.js, turning its exceptions into errors a user can act on. */
export async function openPdf(bytes: Uint8Array, fileName: string): Promise<PdfDocument> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    // pdf.js detaches the buffer it is given; the caller's bytes stay usable.
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw documentErrors.encryptedPdf(fileName);
    throw new AppError({
      code: 'unreadable_pdf',
      message: `"${fileName}" could not be read as a PDF: ${error instanceof Error ? error.message : String(error)}`,
      hint: 'The file may be damaged. Try opening it in a PDF viewer and saving a fresh copy.',
    });
  }
}
