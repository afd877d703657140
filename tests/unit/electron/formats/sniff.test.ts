import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isTruncatedPdf, requireSupportedDocument, sniffDocument } from '../../../../electron/formats/sniff.js';
import { encryptedPdf, ownerPasswordOnlyPdf, passwordProtectedPdf } from '../../../support/encryptedPdf.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('documents are judged by content', () => {
  it('recognises a real PDF as unencrypted', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    expect(sniffDocument(await doc.save())).toEqual({ kind: 'pdf', encrypted: false });
  });

  it('recognises an encrypted PDF by its trailer, and lets it through: pdf.js decides whether it needs a password', () => {
    const pdf = bytes('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<< /Size 3 /Root 1 0 R /Encrypt 2 0 R >>\n%%EOF');
    expect(sniffDocument(pdf)).toEqual({ kind: 'pdf', encrypted: true });
    expect(requireSupportedDocument(pdf, 'locked.pdf')).toEqual({ kind: 'pdf', encrypted: true });
  });

  it('recognises real encryption, in a classic trailer and in a cross-reference stream', async () => {
    expect(sniffDocument(encryptedPdf())).toEqual({ kind: 'pdf', encrypted: true });
    expect(sniffDocument(await ownerPasswordOnlyPdf({ pages: 1, title: 'x', objectStreams: true }))).toEqual({
      kind: 'pdf',
      encrypted: true,
    });
    expect(sniffDocument(await passwordProtectedPdf({ pages: 1, title: 'x', objectStreams: false }))).toEqual({
      kind: 'pdf',
      encrypted: true,
    });
  });

  it.each([
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    ['webp', [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50], 'image/webp'],
  ])('recognises %s', (_name, signature, mime) => {
    expect(sniffDocument(new Uint8Array(signature))).toEqual({ kind: 'image', mime });
  });

  it('refuses a text file named .pdf, naming the file', () => {
    expect(() => requireSupportedDocument(bytes('hello, not a pdf'), 'report.pdf')).toThrow(
      expect.objectContaining({ code: 'unsupported_file_type', message: expect.stringContaining('report.pdf') }),
    );
  });

  it('refuses an empty file as empty, not as an unknown type', () => {
    expect(() => requireSupportedDocument(new Uint8Array(0), 'blank.pdf')).toThrow(
      expect.objectContaining({ code: 'empty_file', message: expect.stringContaining('"blank.pdf" is empty') }),
    );
  });

  it('calls a PDF truncated when %%EOF is not within its last 1024 bytes, as Acrobat does', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const whole = await doc.save();
    const withJunk = (n: number) => new Uint8Array([...whole, ...new Uint8Array(n).fill(0x20)]);
    expect(isTruncatedPdf(whole)).toBe(false);
    expect(isTruncatedPdf(withJunk(1000))).toBe(false);
    expect(isTruncatedPdf(withJunk(1100))).toBe(true);
    expect(isTruncatedPdf(whole.slice(0, whole.length - 8))).toBe(true);
    // Not refused here: pdf.js decides whether what is left opens (documentWarnings says it is cut short).
    expect(requireSupportedDocument(whole.slice(0, 500), 'cut.pdf')).toMatchObject({ kind: 'pdf' });
  });

  it('finds the header after junk up to 64 KB, and a headless file by its objects', () => {
    const pdf = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF';
    expect(sniffDocument(bytes('x'.repeat(60_000) + pdf))).toMatchObject({ kind: 'pdf' });
    expect(sniffDocument(bytes('x'.repeat(70_000) + pdf))).toBeNull();
    expect(sniffDocument(bytes(pdf.replace('%PDF-1.7', '%\u00e2\u00e3')))).toMatchObject({ kind: 'pdf' });
    // An image whose metadata holds a PDF header or objects stays the image it is.
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    expect(sniffDocument(new Uint8Array([...png, ...bytes(`tEXt${pdf}`)]))).toEqual({ kind: 'image', mime: 'image/png' });
    // Words that merely mention objects are not a PDF.
    expect(sniffDocument(bytes('Notes: 1 0 obj is where the catalog goes; see endobj.'))).toBeNull();
  });
});
