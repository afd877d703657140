// Really encrypted PDFs. `encryptedPdf`: the Standard security handler, revision 2 (40-bit
// RC4), with a user password, written by hand (the oldest kind a user may still have). The
// /O and /U entries and the content stream are computed as the PDF specification says
// (ISO 32000-1, 7.6.3, algorithms 1–4), so pdf.js asks for the password, and opens it when
// given "secret". The others are made with @cantoo/pdf-lib's encrypt (AES-256 by default).
import { createHash } from 'node:crypto';
import { PDFDocument as CantooPdf, StandardFonts as CantooFonts, type EncryptionAlgorithm } from '@cantoo/pdf-lib';

const PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
/** Print, modify, copy, annotate allowed; bits 1–2 clear and 7–8 set, as revision 2 requires. */
const PERMISSIONS = -44;

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

export const ENCRYPTED_PDF_PASSWORD = 'secret';

/** One page saying `text`, readable only with the user password "secret" (owner password "owner"). */
export function encryptedPdf(text = 'Confidential'): Uint8Array {
  const id = md5(Buffer.from(`groundwork encrypted fixture ${text}`));
  const owner = rc4(md5(padded('owner')).subarray(0, 5), padded(ENCRYPTED_PDF_PASSWORD)); // algorithm 3
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(PERMISSIONS);
  const fileKey = md5(padded(ENCRYPTED_PDF_PASSWORD), owner, permissions, id).subarray(0, 5); // algorithm 2
  const user = rc4(fileKey, PADDING); // algorithm 4
  const objectKey = (num: number, gen: number) =>
    md5(fileKey, Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, gen & 255, (gen >> 8) & 255])).subarray(0, 10); // algorithm 1

  const content = rc4(objectKey(4, 0), Buffer.from(`BT /F1 24 Tf 72 700 Td (${text}) Tj ET`, 'latin1'));
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream', 'latin1')]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${PERMISSIONS} >>`,
  ];

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const bytes = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(bytes);
    length += bytes.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
  ].join('\n');
  const hexId = id.toString('hex');
  parts.push(
    Buffer.from(
      `${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${hexId}> <${hexId}>] >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/** The user password of `passwordProtectedPdf` (distinctive, so a test can search files and logs for it). */
export const USER_PASSWORD = 'Tr0ub4dor&3 user';
/** The owner password of both fixtures below; it opens the user-password one too. */
export const OWNER_PASSWORD = 'Owner-0nly-Secret';

interface ProtectedPdfOptions {
  pages: number;
  title: string;
  /** Default AES-256 (what current tools write); RC4 and AES-128 for older files. */
  algorithm?: EncryptionAlgorithm;
  /** Object streams and a cross-reference stream (the default of current tools), or a classic xref table. */
  objectStreams?: boolean;
}

async function encryptedTextPdf(options: ProtectedPdfOptions, userPassword: string): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await CantooPdf.create();
  const font = await doc.embedFont(CantooFonts.Helvetica);
  for (let n = 1; n <= options.pages; n++) {
    doc.addPage([612, 792]).drawText(`${options.title} page ${n}: Total: ${n * 100}.00`, { x: 72, y: 700, size: 14, font });
  }
  const algorithm = options.algorithm ?? 'AES-256';
  doc.encrypt({
    userPassword,
    ownerPassword: OWNER_PASSWORD,
    permissions: { printing: 'lowResolution', modifying: false, copying: false, annotating: false },
    algorithm,
    ...(algorithm.startsWith('RC4') ? { allowWeakCryptography: true } : {}),
  });
  return doc.save({ useObjectStreams: options.objectStreams ?? true });
}

/**
 * Encrypted with an owner password only (empty user password): every viewer opens it with
 * no question, and only its permissions (no copying, no changes) are restricted. Made with
 * @cantoo/pdf-lib, which encrypts as the specification says.
 */
export function ownerPasswordOnlyPdf(options: ProtectedPdfOptions): Promise<Uint8Array<ArrayBuffer>> {
  return encryptedTextPdf(options, '');
}

/** Encrypted with a user password (`USER_PASSWORD`): nothing opens it without a password. */
export function passwordProtectedPdf(options: ProtectedPdfOptions): Promise<Uint8Array<ArrayBuffer>> {
  return encryptedTextPdf(options, USER_PASSWORD);
}
