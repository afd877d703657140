// The bad files of the trust checks, made for real: each is what a user could actually pick. Used by
// tests/unit/electron/app/badFiles.test.ts (every main-process path) and tests/e2e/badFiles.spec.ts.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { encryptedPdf, ownerPasswordOnlyPdf, passwordProtectedPdf } from './encryptedPdf.js';
import { pngOfAtLeast, rgbPng } from './png.js';

export interface DocumentFixture {
  name: string;
  bytes: Uint8Array;
}

/** A PDF with text on every page, objects uncompressed (like most office exports). */
export async function textPdf(pages: number, title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    doc.addPage([612, 792]).drawText(`${title} page ${n}: Total: ${n * 100}.00`, { x: 72, y: 700, size: 14, font });
  }
  return doc.save({ useObjectStreams: false });
}

export const badFiles = {
  /** A 0-byte file, as a failed copy leaves behind. */
  empty: (): DocumentFixture => ({ name: 'empty.pdf', bytes: new Uint8Array(0) }),

  /** A 3-page PDF cut at 70% of its bytes, like an interrupted download. */
  truncated: async (): Promise<DocumentFixture> => {
    const full = await textPdf(3, 'Truncated');
    return { name: 'truncated.pdf', bytes: full.slice(0, Math.floor(full.length * 0.7)) };
  },

  /** A well-formed PDF whose page tree is empty (/Count 0). */
  zeroPages: async (): Promise<DocumentFixture> => {
    const doc = await PDFDocument.create();
    return { name: 'no-pages.pdf', bytes: await doc.save({ useObjectStreams: false, addDefaultPage: false }) };
  },

  /** RC4-encrypted with a user password, "secret" (see encryptedPdf.ts). */
  encrypted: (): DocumentFixture => ({ name: 'locked.pdf', bytes: encryptedPdf() }),

  /** AES-256-encrypted with an owner password only: opens with no question, copying not allowed. */
  ownerPasswordOnly: async (): Promise<DocumentFixture> => ({
    name: 'no-copying.pdf',
    bytes: await ownerPasswordOnlyPdf({ pages: 2, title: 'Restricted' }),
  }),

  /** AES-256-encrypted with a user password (USER_PASSWORD in encryptedPdf.ts). */
  passwordProtected: async (): Promise<DocumentFixture> => ({
    name: 'salaries.pdf',
    bytes: await passwordProtectedPdf({ pages: 3, title: 'Salaries' }),
  }),

  /** Ten pages over the older analyzer's 50-page limit. */
  sixtyPages: async (): Promise<DocumentFixture> => ({ name: 'sixty-pages.pdf', bytes: await textPdf(60, 'Long report') }),

  /** A real PNG of 51 MB (decimal, as the contract counts): under 50 MiB, over the older analyzer's 50 MB. */
  hugeImage: (): DocumentFixture => ({ name: 'huge-scan.png', bytes: pngOfAtLeast(51_000_000) }),

  /** A PNG saved under a .pdf name. */
  pngNamedPdf: (): DocumentFixture => ({ name: 'scan.pdf', bytes: rgbPng(64, 48) }),

  /** A good PDF in a folder and under a name far from ASCII. */
  nonAscii: async (): Promise<DocumentFixture & { folder: string }> => ({
    folder: 'Données clients — 顧客',
    name: 'Rechnung für Zoë №7 — 請求書 🧾.pdf',
    bytes: await textPdf(2, 'Rechnung'),
  }),
};
