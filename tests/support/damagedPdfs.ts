// PDFs damaged the ways real files are, each of which pdf.js (and so every viewer) still
// opens: the failure classes of pdf.js's own test corpus, made small. Used by the import,
// engine, corpus-script and e2e tests.
import { textPdf, type DocumentFixture } from './badFiles.js';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const fromLatin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

export const damagedPdfs = {
  /** Complete but for its `%%EOF` marker, as a copy cut a few bytes short leaves it. */
  withoutEof: async (pages = 3): Promise<DocumentFixture> => {
    const full = latin1(await textPdf(pages, 'No end marker'));
    return { name: 'no-eof.pdf', bytes: fromLatin1(full.slice(0, full.lastIndexOf('%%EOF'))) };
  },

  /** A mail server's headers saved in front of the PDF (more than the 1 KB a header is looked for in). */
  junkBeforeHeader: async (pages = 2): Promise<DocumentFixture> => {
    const headers = 'Content-Type: application/pdf\r\nContent-Transfer-Encoding: binary\r\n'.repeat(20) + '\r\n';
    return { name: 'mail-attachment.pdf', bytes: fromLatin1(headers + latin1(await textPdf(pages, 'After the headers'))) };
  },

  /** Its `%PDF-1.x` line overwritten, objects intact. */
  withoutHeader: async (pages = 2): Promise<DocumentFixture> => {
    const full = latin1(await textPdf(pages, 'Headless'));
    return { name: 'headless.pdf', bytes: fromLatin1(full.replace(/^%PDF-\d\.\d/, '%' + '\u00e2\u00e3\u00cf\u00d3'.padEnd(7, ' '))) };
  },
};
