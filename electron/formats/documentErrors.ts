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

  /** Encrypted bytes handed to a cloud client: the services refuse them, so a decrypted copy is sent instead. */
  encryptedPdf: (fileName: string) =>
    new AppError({
      code: 'encrypted_pdf',
      message: `"${fileName}" is encrypted, and the services refuse encrypted PDFs.`,
      hint: 'Open it in the Review screen and run the cloud engine there: Groundwork uploads a decrypted copy made on this computer.',
    }),

  passwordRequired: (fileName: string) =>
    new AppError({
      code: 'password_required',
      message: `"${fileName}" is protected by a password: it cannot be opened without it.`,
      hint: 'Open it again and enter its password. The password is used on this computer only; it is never stored or sent.',
    }),

  wrongPassword: (fileName: string) =>
    new AppError({
      code: 'wrong_password',
      message: `That is not the password of "${fileName}".`,
      hint: 'Check the password (capital letters count) and enter it again.',
    }),

  decryptionFailed: (fileName: string, reason: string) =>
    new AppError({
      code: 'decryption_failed',
      message: `A decrypted copy of "${fileName}" could not be made on this computer (${reason}), so nothing was uploaded.`,
      hint: 'Save an unprotected copy with your PDF tool (print to PDF), open that, and run it again; the offline engine still reads this one.',
    }),

  emptyPdf: (fileName: string) =>
    new AppError({
      code: 'empty_pdf',
      message: `"${fileName}" is a PDF with no pages: there is nothing to show or parse.`,
      hint: 'Export the document again from the program that made it, and check that the export has pages.',
    }),
};
