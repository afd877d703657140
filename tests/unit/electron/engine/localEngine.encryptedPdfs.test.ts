import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { isEncryptedPdf } from '../../../../electron/formats/sniff.js';
import { countPdfPagesInWorker, decryptInWorker, parseLocally } from '../../../../electron/engine/localEngine.js';
import { declaresEncryption } from '../../../emulator/encryptedPdf.js';
import {
  encryptedPdf,
  ENCRYPTED_PDF_PASSWORD,
  OWNER_PASSWORD,
  ownerPasswordOnlyPdf,
  passwordProtectedPdf,
  USER_PASSWORD,
} from '../../../support/encryptedPdf.js';

// The offline engine opens encrypted PDFs as a viewer does (owner password only: no question;
// a user password: asked), and makes the decrypted copy the services get. Real encryption
// throughout: AES-256 and AES-128 and RC4 made by @cantoo/pdf-lib, and a hand-made RC4 file.

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('the offline engine reads encrypted PDFs', () => {
  it('an owner-password-only PDF opens and parses with no password, every page and its text', async () => {
    const bytes = await ownerPasswordOnlyPdf({ pages: 3, title: 'Restricted' });
    expect(isEncryptedPdf(bytes)).toBe(true);
    expect(await countPdfPagesInWorker(bytes, 'restricted.pdf')).toBe(3);
    const response = await parseLocally(bytes, {}, { filename: 'restricted.pdf' });
    expect(response.metadata.page_count).toBe(3);
    expect(response.markdown).toContain('Restricted page 2: Total: 200.00');
  });

  it('a PDF with a user password: password_required without it, wrong_password with a wrong one, parsed with the right one', async () => {
    const bytes = await passwordProtectedPdf({ pages: 3, title: 'Salaries' });
    await expect(parseLocally(bytes, {}, { filename: 'salaries.pdf' })).rejects.toMatchObject({
      code: 'password_required',
      message: expect.stringContaining('"salaries.pdf"'),
    });
    const wrong = await parseLocally(bytes, {}, { filename: 'salaries.pdf', password: 'guess' }).catch((error: unknown) => error);
    expect(wrong).toMatchObject({ code: 'wrong_password', message: expect.stringContaining('"salaries.pdf"'), hint: expect.any(String) });
    expect(JSON.stringify(wrong)).not.toContain('guess');
    const response = await parseLocally(bytes, {}, { filename: 'salaries.pdf', password: USER_PASSWORD });
    expect(response.metadata.page_count).toBe(3);
    expect(response.markdown).toContain('Salaries page 3: Total: 300.00');
    expect(JSON.stringify(response)).not.toContain(USER_PASSWORD);
    // The owner password opens it too, as in every viewer.
    expect(await countPdfPagesInWorker(bytes, 'salaries.pdf', { password: OWNER_PASSWORD })).toBe(3);
  });

  it('the hand-made RC4 file opens with its password', async () => {
    await expect(countPdfPagesInWorker(encryptedPdf(), 'locked.pdf')).rejects.toMatchObject({ code: 'password_required' });
    const response = await parseLocally(encryptedPdf('Payroll 2024'), {}, { filename: 'locked.pdf', password: ENCRYPTED_PDF_PASSWORD });
    expect(response.markdown).toContain('Payroll 2024');
  });

  it('the "password" parse option is still refused: a password goes with the document, never in the options', async () => {
    const bytes = await passwordProtectedPdf({ pages: 1, title: 'Options' });
    await expect(parseLocally(bytes, { password: USER_PASSWORD }, { filename: 'o.pdf' })).rejects.toMatchObject({
      code: 'validation_error',
    });
  });
});

describe('the decrypted copy for the services', () => {
  const cases = [
    {
      label: 'AES-256, object streams, user password',
      make: () => passwordProtectedPdf({ pages: 4, title: 'Copy' }),
      password: USER_PASSWORD,
      pages: 4,
    },
    { label: 'AES-256, owner password only', make: () => ownerPasswordOnlyPdf({ pages: 2, title: 'Copy' }), password: undefined, pages: 2 },
    {
      label: 'AES-128, classic xref table',
      make: () => passwordProtectedPdf({ pages: 3, title: 'Copy', algorithm: 'AES-128', objectStreams: false }),
      password: USER_PASSWORD,
      pages: 3,
    },
    {
      label: 'RC4-128, owner password given',
      make: () => passwordProtectedPdf({ pages: 2, title: 'Copy', algorithm: 'RC4-128' }),
      password: OWNER_PASSWORD,
      pages: 2,
    },
    { label: 'RC4-40 made by hand', make: async () => encryptedPdf('Copy page 1'), password: ENCRYPTED_PDF_PASSWORD, pages: 1 },
  ];

  it.each(cases)('$label: no /Encrypt anywhere, the same pages, the same text', async ({ make, password, pages }) => {
    const original = await make();
    const copy = await decryptInWorker(original, 'copy.pdf', password === undefined ? {} : { password });
    expect(copy.pages).toBe(pages);
    // Not by the client's own check only: nowhere in the file, and not by the emulator's check (pdf-lib's parser) either.
    expect(isEncryptedPdf(copy.bytes)).toBe(false);
    expect(latin1(copy.bytes)).not.toContain('/Encrypt');
    expect(await declaresEncryption(copy.bytes)).toBe(false);
    expect((await PDFDocument.load(copy.bytes)).getPageCount()).toBe(pages);
    // pdf.js opens the copy with no password, with every page and its text.
    expect(await countPdfPagesInWorker(copy.bytes, 'copy.pdf')).toBe(pages);
    const parsed = await parseLocally(copy.bytes, {}, { filename: 'copy.pdf' });
    expect(parsed.markdown).toContain('Copy page 1');
    if (password) expect(latin1(copy.bytes)).not.toContain(password);
  });

  it('is refused without the password, or with a wrong one, before anything is made', async () => {
    const original = await passwordProtectedPdf({ pages: 1, title: 'Nope' });
    await expect(decryptInWorker(original, 'nope.pdf')).rejects.toMatchObject({ code: 'password_required' });
    await expect(decryptInWorker(original, 'nope.pdf', { password: 'Tr0ub4dor&3 usr' })).rejects.toMatchObject({ code: 'wrong_password' });
  });
});
