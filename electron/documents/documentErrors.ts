import { AppError } from '../../shared/errors.js';

/**
 * What the user hears about a document the app will not open, parse or upload: one code per
 * kind of bad file, the file named, and what to do about it. Opening, the offline engine and
 * the cloud preflight all refuse with these, so the same file gets the same message anywhere.
 */
export const documentErrors = {
  emptyFile: (fileName: string) =>
    new AppError({
      code: 'empty_file',
      message: `"${fileName}" is empty (0 bytes).`,
      hint: 'The copy or download may have failed. Get the file again from where it came from.',
    }),

  unsupportedType: (fileName: string) =>
    new AppError({
      code: 'unsupported_file_type',
      message: `"${fileName}" is neither a PDF nor an image (PNG, JPEG, GIF, WebP, BMP, TIFF).`,
      hint: 'Open a PDF or an image file. The type is judged by the content, not the file name.',
    }),

  /** Cut short and past what pdf.js can rebuild; one it can rebuild opens with a warning (documentWarnings.ts). */
  truncatedPdf: (fileName: string, detail: string) =>
    new AppError({
      code: 'truncated_pdf',
      message: `"${fileName}" is cut short (it stops before its end-of-file marker) and what is left cannot be read (${detail}).`,
      hint: 'The download or copy was interrupted. Get the file again, then open the new copy.',
    }),

  encryptedPdf: (fileName: string) =>
    new AppError({
      code: 'encrypted_pdf',
      message: `"${fileName}" is encrypted (password-protected): the offline engine cannot read it and the services do not accept encrypted PDFs.`,
      hint: 'Save an unprotected copy (print to PDF, or remove the password in your PDF tool), then open that.',
    }),

  emptyPdf: (fileName: string) =>
    new AppError({
      code: 'empty_pdf',
      message: `"${fileName}" is a PDF with no pages: there is nothing to show or parse.`,
      hint: 'Export the document again from the program that made it, and check that the export has pages.',
    }),
};
