import type { PDFDocument, PDFObject } from '@cantoo/pdf-lib';
import { AppError } from '../../shared/errors.js';
import { documentErrors } from '../formats/documentErrors.js';
import { isEncryptedPdf } from '../formats/sniff.js';
import { readablePdfPageCount } from './readablePdf.js';

export interface DecryptedCopy {
  bytes: Uint8Array;
  pages: number;
}

/**
 * A copy of an encrypted PDF without its encryption, for services that refuse encrypted
 * files; made in memory, in the engine worker (the bytes are untrusted, as for a parse).
 * pdf.js judges the password first, as it does for the viewer and the engine; @cantoo/pdf-lib
 * decrypts and writes the copy; pdf.js must then open the copy with no password and find
 * the same number of pages, or nothing is uploaded.
 */
export async function makeDecryptedCopy(bytes: Uint8Array, fileName: string, password?: string): Promise<DecryptedCopy> {
  const pages = await readablePdfPageCount(bytes, fileName, password);
  const failed = (reason: string) => documentErrors.decryptionFailed(fileName, password ? reason.split(password).join('…') : reason);
  let copy: Uint8Array;
  try {
    // Loaded only for this task: a parse never pays for it.
    const { PDFDocument: Pdf } = await import('@cantoo/pdf-lib');
    // An empty password opens a PDF that has only an owner password, as pdf.js does.
    const doc = await Pdf.load(bytes, { password: password ?? '', updateMetadata: false });
    if (doc.isEncrypted) throw new Error('the document is still encrypted once loaded');
    await dropUnreachableObjects(doc);
    copy = await doc.save({ addDefaultPage: false, updateFieldAppearances: false });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw failed(error instanceof Error ? error.message : String(error));
  }
  if (isEncryptedPdf(copy)) throw failed('the copy still declares encryption');
  const copyPages = await readablePdfPageCount(copy, fileName).catch(() => null);
  if (copyPages === null) throw failed('pdf.js cannot read the copy');
  if (copyPages !== pages) throw failed(`the copy has ${copyPages} pages, the original ${pages}`);
  return { bytes: copy, pages };
}

/**
 * pdf-lib keeps every object it parsed, also the old cross-reference streams (whose
 * dictionaries still name /Encrypt) and the encryption dictionary itself. Only what the
 * document reaches from its catalog and info dictionary goes into the copy.
 */
async function dropUnreachableObjects(doc: PDFDocument): Promise<void> {
  const { PDFArray, PDFDict, PDFRef, PDFStream } = await import('@cantoo/pdf-lib');
  const { context } = doc;
  const reached = new Set<string>();
  const stack: PDFObject[] = [context.trailerInfo.Root, context.trailerInfo.Info].filter((o): o is PDFObject => o !== undefined);
  while (stack.length > 0) {
    const object = stack.pop();
    if (object instanceof PDFRef) {
      if (reached.has(object.tag)) continue;
      reached.add(object.tag);
      const target = context.lookup(object);
      if (target) stack.push(target);
    } else if (object instanceof PDFDict) {
      for (const [, value] of object.entries()) stack.push(value);
    } else if (object instanceof PDFArray) {
      for (const item of object.asArray()) stack.push(item);
    } else if (object instanceof PDFStream) {
      stack.push(object.dict);
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref.tag)) context.delete(ref);
}
