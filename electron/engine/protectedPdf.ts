import { AppError } from '../../shared/errors.js';
import { countPdfPagesInWorker } from './localEngine.js';

export interface OpenedPdf {
  pageCount: number;
  /** It would not open without its password (which then opened it). */
  needsPassword: boolean;
}

/**
 * Opens a PDF in the engine worker as a viewer would: with no password first (an encrypted
 * PDF with only an owner password opens so, with no question), then, if pdf.js asks for
 * one, with `password`. Without a password that one is refused `password_required`; with a
 * wrong one, `wrong_password`.
 */
export async function openPossiblyProtectedPdf(bytes: Uint8Array, fileName: string, password?: string): Promise<OpenedPdf> {
  try {
    return { pageCount: await countPdfPagesInWorker(bytes, fileName), needsPassword: false };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'password_required') || password === undefined) throw error;
  }
  return { pageCount: await countPdfPagesInWorker(bytes, fileName, { password }), needsPassword: true };
}
